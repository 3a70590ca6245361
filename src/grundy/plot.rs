//! The nim-sequence drawn as an SVG: `G(n)` against `n`, one point per
//! value, with the periodic part shaded and its start marked.
//!
//! People look for structure in these sequences (arithmetic-periodic
//! stretches, rare values dying out) rather than read them. A sequence
//! longer than the plot is wide is drawn by columns: each column of the
//! plot shows every distinct value among the heaps it covers, so the
//! picture keeps every value that occurs and the file stays small (a few
//! MB at most) however long the sequence. Both axes count whole things
//! (heaps, values), so their ticks are whole numbers, chosen here rather
//! than by the plotting library, which puts ticks at 0.5; the plot starts a
//! little left of 0 and below it, so that a mark at 0 (a preperiod of 0)
//! is not hidden by the axis. The caller writes the text to a file.

use std::collections::BTreeSet;

use plotters::prelude::*;

use super::period::Period;
use super::values::Values;

/// Width and height of the drawing, in SVG pixels.
const SIZE: (u32, u32) = (1200, 600);

/// Columns of the plot area: above this many values, values are grouped.
const COLUMNS: usize = 1000;

/// Ticks on each axis, about.
const TICKS: i64 = 10;

/// What to draw.
pub struct PlotRequest<'a> {
    /// The title: the rule.
    pub title: &'a str,
    /// The sequence's values.
    pub values: &'a Values,
    /// How many of them are drawn, from `G(0)`; at most `values.len()`.
    pub shown: usize,
    /// The proven period, if any.
    pub period: Option<Period>,
}

/// The points to draw: `(n, G(n))`, or per column one point for each
/// distinct value among its heaps, at the column's middle heap.
fn points(values: &Values, len: usize) -> Vec<(i64, i64)> {
    if len <= COLUMNS * 4 {
        return (0..len)
            .map(|n| (n as i64, i64::from(values.get(n))))
            .collect();
    }
    let mut out = Vec::new();
    for column in 0..COLUMNS {
        let (from, to) = (column * len / COLUMNS, (column + 1) * len / COLUMNS);
        let distinct: BTreeSet<u32> = (from..to).map(|n| values.get(n)).collect();
        let x = ((from + to) / 2) as i64;
        out.extend(distinct.into_iter().map(|v| (x, i64::from(v))));
    }
    out
}

/// Round ticks from 0 to `last`: multiples of 1, 2 or 5 times a power of
/// ten, about [`TICKS`] of them. Heap sizes and values are integers, so
/// are the ticks.
fn ticks(last: i64) -> Vec<i64> {
    let rough = (last / TICKS).max(1);
    let mut power = 1;
    while power * 10 <= rough {
        power *= 10;
    }
    let step = [1, 2, 5, 10]
        .iter()
        .map(|m| m * power)
        .find(|&step| step >= rough)
        .unwrap_or(10 * power);
    (0..=last / step).map(|i| i * step).collect()
}

/// The space left of 0 (and below it), so that a mark at 0, such as a
/// preperiod of 0, is not hidden by the axis.
fn margin(span: i64) -> i64 {
    (span / 50).max(1)
}

/// The SVG text of the drawing.
pub fn render_svg(request: &PlotRequest) -> Result<String, String> {
    let mut svg = String::new();
    draw(request, &mut svg).map_err(|e| format!("cannot draw the plot: {e}"))?;
    Ok(svg)
}

fn draw(request: &PlotRequest, svg: &mut String) -> Result<(), Box<dyn std::error::Error>> {
    let root = SVGBackend::with_string(svg, SIZE).into_drawing_area();
    root.fill(&WHITE)?;
    let len = request.shown.max(1) as i64;
    let top = (0..request.shown)
        .map(|n| i64::from(request.values.get(n)))
        .max()
        .unwrap_or(0)
        .max(1);
    let caption = match request.period {
        Some(p) => format!(
            "{}: preperiod {}, period {}",
            request.title, p.preperiod, p.period
        ),
        None => format!(
            "{}: no period proven in {} values",
            request.title,
            request.values.len()
        ),
    };
    let (x_margin, y_margin) = (margin(len), margin(top));
    let x_axis = (-x_margin..len + x_margin).with_key_points(ticks(len - 1));
    let y_axis = (-y_margin..top + y_margin + 1).with_key_points(ticks(top));
    let mut chart = ChartBuilder::on(&root)
        .caption(caption, ("sans-serif", 22))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(60)
        .build_cartesian_2d(x_axis, y_axis)?;
    chart
        .configure_mesh()
        .x_desc("heap size n")
        .y_desc("G(n)")
        .disable_mesh()
        .draw()?;
    let (bottom, ceiling) = (-y_margin, top + y_margin + 1);
    if let Some(p) = request.period {
        let start = p.preperiod as i64;
        if start < len {
            let end = (start + p.period as i64).min(len);
            let shade = RGBColor(255, 225, 170);
            chart
                .draw_series(std::iter::once(Rectangle::new(
                    [(start, bottom), (end, ceiling)],
                    shade.filled(),
                )))?
                .label(format!("one period: {} values from n = {start}", p.period))
                .legend(move |(x, y)| {
                    Rectangle::new([(x, y - 6), (x + 16, y + 6)], shade.filled())
                });
            chart
                .draw_series(LineSeries::new(
                    [(start, bottom), (start, ceiling)],
                    RED.stroke_width(2),
                ))?
                .label(format!("preperiod {start}: periodic from here"))
                .legend(|(x, y)| PathElement::new([(x, y), (x + 16, y)], RED.stroke_width(2)));
        }
    }
    let points = points(request.values, request.shown);
    let radius = if points.len() <= 500 { 3 } else { 2 };
    let dots = points
        .into_iter()
        .map(|point| Circle::new(point, radius, BLUE.filled()));
    chart.draw_series(dots)?;
    if request.period.is_some_and(|p| (p.preperiod as i64) < len) {
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperRight)
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .draw()?;
    }
    root.present()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(list: impl IntoIterator<Item = u32>) -> Values {
        let mut v = Values::default();
        list.into_iter().for_each(|x| v.push(x));
        v
    }

    #[test]
    fn a_short_sequence_has_one_point_per_value_and_its_caption() {
        let seq = values((0..50).map(|n| n % 7));
        let period = Some(Period {
            preperiod: 3,
            period: 7,
        });
        let svg = render_svg(&PlotRequest {
            title: "sub:1,3,4",
            values: &seq,
            shown: seq.len(),
            period,
        })
        .unwrap();
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
        assert!(svg.contains("sub:1,3,4: preperiod 3, period 7"), "{svg}");
        assert!(svg.contains("heap size n") && svg.contains("G(n)"));
        assert_eq!(svg.matches("<circle").count(), 50);
        let none = render_svg(&PlotRequest {
            title: "0.6",
            values: &seq,
            shown: seq.len(),
            period: None,
        })
        .unwrap();
        assert!(none.contains("no period proven") && !none.contains("preperiod"));
    }

    /// The text of every `<text>` element of `svg`.
    fn texts(svg: &str) -> Vec<String> {
        svg.split("<text")
            .skip(1)
            .filter_map(|element| {
                let body = &element[element.find('>')? + 1..];
                Some(body[..body.find("</text>")?].trim().to_string())
            })
            .collect()
    }

    /// The numbers among the texts: the tick labels.
    fn tick_labels(svg: &str) -> Vec<String> {
        texts(svg)
            .into_iter()
            .filter(|t| t.starts_with(|c: char| c.is_ascii_digit() || c == '-'))
            .collect()
    }

    #[test]
    fn axes_are_labelled_with_whole_numbers_from_zero() {
        for (len, modulus) in [(7, 3), (50, 7), (50_000, 1000), (1 << 20, 3)] {
            let seq = values((0..len).map(|n| n % modulus));
            let svg = render_svg(&PlotRequest {
                title: "t",
                values: &seq,
                shown: seq.len(),
                period: Some(Period {
                    preperiod: 0,
                    period: modulus.into(),
                }),
            })
            .unwrap();
            let labels = tick_labels(&svg);
            assert!(labels.len() >= 4, "{len}: {labels:?}");
            for label in &labels {
                assert!(
                    label.bytes().all(|b| b.is_ascii_digit()),
                    "{len}: tick label {label:?} is not a whole number at least 0"
                );
            }
            assert!(labels.contains(&"0".to_string()), "{len}: {labels:?}");
            let texts = texts(&svg);
            assert!(texts.iter().any(|t| t == "heap size n"), "{texts:?}");
            assert!(texts.iter().any(|t| t == "G(n)"), "{texts:?}");
        }
    }

    #[test]
    fn the_legend_names_the_preperiod_line_and_the_period_band() {
        let seq = values((0..60).map(|n| if n < 5 { 9 } else { n % 4 }));
        let svg = render_svg(&PlotRequest {
            title: "t",
            values: &seq,
            shown: seq.len(),
            period: Some(Period {
                preperiod: 5,
                period: 4,
            }),
        })
        .unwrap();
        let texts = texts(&svg);
        assert!(
            texts.iter().any(|t| t.starts_with("preperiod 5")),
            "{texts:?}"
        );
        assert!(
            texts.iter().any(|t| t.starts_with("one period: 4 values")),
            "{texts:?}"
        );
    }

    /// The x coordinates of `svg`'s long vertical lines drawn in `stroke`.
    fn vertical_lines(svg: &str, stroke: &str) -> Vec<f64> {
        svg.split("<polyline")
            .skip(1)
            .filter(|p| p.contains(&format!("stroke=\"{stroke}\"")))
            .filter_map(|p| {
                let points = p.split("points=\"").nth(1)?.split('"').next()?;
                let mut corners = points.split_whitespace().map(|c| {
                    let (x, y) = c.split_once(',').unwrap();
                    (x.parse::<f64>().unwrap(), y.parse::<f64>().unwrap())
                });
                let (a, b) = (corners.next()?, corners.next()?);
                (a.0 == b.0 && (a.1 - b.1).abs() > 100.0).then_some(a.0)
            })
            .collect()
    }

    #[test]
    fn a_preperiod_of_zero_is_drawn_inside_the_plot_not_on_its_axis() {
        let seq = values((0..40).map(|n| n % 3));
        let svg = render_svg(&PlotRequest {
            title: "t",
            values: &seq,
            shown: seq.len(),
            period: Some(Period {
                preperiod: 0,
                period: 3,
            }),
        })
        .unwrap();
        let red = vertical_lines(&svg, "#FF0000");
        assert_eq!(red.len(), 1, "{svg}");
        // The y axis is the leftmost long vertical line in black.
        let axis = vertical_lines(&svg, "#000000")
            .into_iter()
            .fold(f64::INFINITY, f64::min);
        assert!(axis.is_finite(), "{svg}");
        assert!(
            red[0] > axis + 2.0,
            "preperiod line at {} on the axis at {axis}",
            red[0]
        );
    }

    #[test]
    fn points_are_large_enough_to_see() {
        let seq = values((0..30).map(|n| n % 5));
        let svg = render_svg(&PlotRequest {
            title: "t",
            values: &seq,
            shown: seq.len(),
            period: None,
        })
        .unwrap();
        let radii: Vec<&str> = svg
            .split("<circle")
            .skip(1)
            .filter_map(|c| c.split("r=\"").nth(1)?.split('"').next())
            .collect();
        assert_eq!(radii.len(), 30);
        assert!(
            radii.iter().all(|r| r.parse::<f64>().unwrap() >= 2.0),
            "{radii:?}"
        );
    }

    #[test]
    fn ticks_are_round_whole_numbers() {
        assert_eq!(ticks(6), vec![0, 1, 2, 3, 4, 5, 6]);
        assert_eq!(ticks(49), vec![0, 5, 10, 15, 20, 25, 30, 35, 40, 45]);
        assert_eq!(ticks(49_999)[1], 5000);
        assert_eq!(ticks(1), vec![0, 1]);
        assert_eq!(ticks(0), vec![0]);
    }

    #[test]
    fn a_long_sequence_is_drawn_by_columns_and_stays_small() {
        let seq = values((0..1u32 << 20).map(|n| n.wrapping_mul(2_654_435_761) >> 27));
        let svg = render_svg(&PlotRequest {
            title: "long",
            values: &seq,
            shown: seq.len(),
            period: None,
        })
        .unwrap();
        assert!(svg.len() < 8 << 20, "{} bytes", svg.len());
        // Every value that occurs is drawn somewhere.
        assert!(svg.matches("<circle").count() >= 32);
    }

    #[test]
    fn empty_sequences_and_periods_past_the_end_draw_without_panicking() {
        let empty = values([]);
        assert!(render_svg(&PlotRequest {
            title: "0.0",
            values: &empty,
            shown: 0,
            period: None
        })
        .is_ok());
        let short = values([0, 1, 0]);
        let far = Some(Period {
            preperiod: 100,
            period: 5,
        });
        assert!(render_svg(&PlotRequest {
            title: "x",
            values: &short,
            shown: 3,
            period: far
        })
        .is_ok());
    }
}
