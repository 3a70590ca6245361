//! The nim-sequence drawn as an SVG: `G(n)` against `n` for a range of
//! heaps, one point per value, with the periodic part shaded and its start
//! marked.
//!
//! People look for structure in these sequences (arithmetic-periodic
//! stretches, rare values dying out) rather than read them. A range longer
//! than 1,000 heaps is drawn by pixel columns: each column is one
//! vertical bar from the lowest to the highest value among the heaps it
//! covers, so the file holds about a thousand bars (under 200 KB) however
//! long the sequence, where a point per value made Grundy's game to 2^16 a
//! 5.5 MB solid band. A narrower range (`--from`, `--to`) shows the detail. Both axes count whole things
//! (heaps, values), so their ticks are whole numbers, chosen here rather
//! than by the plotting library, which puts ticks at 0.5; the plot starts a
//! little left of 0 and below it, so that a mark at 0 (a preperiod of 0)
//! is not hidden by the axis. The caller writes the text to a file.

use std::ops::Range;

use plotters::coord::Shift;
use plotters::prelude::*;

use super::period::Period;
use super::values::Values;

/// Width and height of the drawing, in SVG pixels.
const SIZE: (u32, u32) = (1200, 600);

/// Above this many heaps, values are drawn by pixel columns instead of one
/// point each.
const COLUMNS: usize = 1000;

/// Ticks on each axis, about.
const TICKS: i64 = 10;

/// The font size asked of plotters for every label, which its SVG scales
/// to about 12 px.
const LABEL_FONT: u32 = 15;

/// What to draw.
pub struct PlotRequest<'a> {
    /// The title: the rule.
    pub title: &'a str,
    /// The sequence's values.
    pub values: &'a Values,
    /// The heaps drawn, `G(n)` for each `n` in it; cut to `values`.
    pub heaps: Range<usize>,
    /// How many values the period was looked for in, for the caption
    /// when none was proven.
    pub searched: usize,
    /// The proven period, if any.
    pub period: Option<Period>,
}

/// The lowest and highest value of each run of heaps that falls in one
/// pixel column: `columns` of them from `heaps.start`, in order (a column
/// no heap falls in, when heaps are fewer than columns, is `None`).
fn column_ranges(values: &Values, heaps: Range<usize>, columns: usize) -> Vec<Option<(u32, u32)>> {
    let mut out = vec![None; columns];
    let span = (heaps.len() as u128).max(1);
    for n in heaps.clone() {
        let column = ((n - heaps.start) as u128 * columns as u128 / span) as usize;
        let value = values.get(n);
        let range = out[column].get_or_insert((value, value));
        *range = (range.0.min(value), range.1.max(value));
    }
    out
}

/// Round ticks from `first` to `last`: multiples of 1, 2 or 5 times a
/// power of ten, about [`TICKS`] of them. Heap sizes and values are
/// integers, so are the ticks.
fn ticks(first: i64, last: i64) -> Vec<i64> {
    let rough = ((last - first) / TICKS).max(1);
    let mut power = 1;
    while power * 10 <= rough {
        power *= 10;
    }
    let step = [1, 2, 5, 10]
        .iter()
        .map(|m| m * power)
        .find(|&step| step >= rough)
        .unwrap_or(10 * power);
    let from = (first + step - 1).div_euclid(step);
    (from..=last.div_euclid(step)).map(|i| i * step).collect()
}

/// The space left of the first heap (and below 0), so that a mark there,
/// such as a preperiod of 0, is not hidden by the axis.
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
    let to = request.heaps.end.min(request.values.len());
    let heaps = request.heaps.start.min(to)..to;
    let (first, end) = (
        heaps.start as i64,
        (heaps.end as i64).max(heaps.start as i64 + 1),
    );
    let top = heaps
        .clone()
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
            request.title, request.searched
        ),
    };
    let (x_margin, y_margin) = (margin(end - first), margin(top));
    let x_axis = (first - x_margin..end + x_margin).with_key_points(ticks(first, end - 1));
    let y_axis = (-y_margin..top + y_margin + 1).with_key_points(ticks(0, top));
    let mut chart = ChartBuilder::on(&root)
        .caption(caption, ("sans-serif", 22))
        .margin(12)
        .x_label_area_size(44)
        .y_label_area_size(64)
        .build_cartesian_2d(x_axis, y_axis)?;
    chart
        .configure_mesh()
        .x_desc("heap size n")
        .y_desc("G(n)")
        .label_style(("sans-serif", LABEL_FONT))
        .axis_desc_style(("sans-serif", LABEL_FONT))
        .disable_mesh()
        .draw()?;
    let (bottom, ceiling) = (-y_margin, top + y_margin + 1);
    let mut legend = false;
    if let Some(p) = request.period {
        let start = p.preperiod as i64;
        let (shaded_from, shaded_to) = (start.max(first), (start + p.period as i64).min(end));
        if shaded_from < shaded_to {
            legend = true;
            let shade = RGBColor(255, 225, 170);
            chart
                .draw_series(std::iter::once(Rectangle::new(
                    [(shaded_from, bottom), (shaded_to, ceiling)],
                    shade.filled(),
                )))?
                .label(format!("one period: {} values from n = {start}", p.period))
                .legend(move |(x, y)| {
                    Rectangle::new([(x, y - 6), (x + 16, y + 6)], shade.filled())
                });
        }
        if (first..end).contains(&start) {
            legend = true;
            chart
                .draw_series(LineSeries::new(
                    [(start, bottom), (start, ceiling)],
                    RED.stroke_width(2),
                ))?
                .label(format!("preperiod {start}: periodic from here"))
                .legend(|(x, y)| PathElement::new([(x, y), (x + 16, y)], RED.stroke_width(2)));
        }
    }
    if heaps.len() <= COLUMNS {
        let radius = if heaps.len() <= 500 { 3 } else { 2 };
        let dots = heaps.map(|n| {
            let point = (n as i64, i64::from(request.values.get(n)));
            Circle::new(point, radius, BLUE.filled())
        });
        chart.draw_series(dots)?;
    } else {
        let pixel = |n: i64, value: i64| chart.backend_coord(&(n, value));
        let (left, right) = (pixel(first, 0).0, pixel(end - 1, 0).0);
        draw_columns(&root, request.values, heaps, left, right, |v| {
            pixel(first, i64::from(v)).1
        })?;
    }
    if legend {
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperRight)
            .label_font(("sans-serif", LABEL_FONT))
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .draw()?;
    }
    root.present()?;
    Ok(())
}

/// The values of `heaps` drawn on `root` by pixel columns, from `left` to
/// `right`: one vertical bar per column, from the lowest value of the
/// heaps in it to the highest (`y` places a value), so that the file holds
/// a thousand or so elements however long the sequence, and a column of
/// heaps of equal value is still a visible mark.
fn draw_columns<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    values: &Values,
    heaps: Range<usize>,
    left: i32,
    right: i32,
    y: impl Fn(u32) -> i32,
) -> Result<(), Box<dyn std::error::Error>>
where
    DB::ErrorType: 'static,
{
    let columns = (right - left + 1).max(1) as usize;
    for (i, range) in column_ranges(values, heaps, columns)
        .into_iter()
        .enumerate()
    {
        let Some((low, high)) = range else { continue };
        let x = left + i as i32;
        let bar = Rectangle::new([(x, y(high) - 1), (x + 1, y(low) + 1)], BLUE.filled());
        root.draw(&bar)?;
    }
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
            heaps: 0..seq.len(),
            searched: seq.len(),
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
            heaps: 0..seq.len(),
            searched: seq.len(),
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
                heaps: 0..seq.len(),
                searched: seq.len(),
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

    /// The plot of 60 values, 9 for the preperiod of 5 heaps, then the
    /// period 4 of `n % 4`, both marked.
    fn periodic_svg() -> String {
        let seq = values((0..60).map(|n| if n < 5 { 9 } else { n % 4 }));
        render_svg(&PlotRequest {
            title: "t",
            values: &seq,
            heaps: 0..seq.len(),
            searched: seq.len(),
            period: Some(Period {
                preperiod: 5,
                period: 4,
            }),
        })
        .unwrap()
    }

    #[test]
    fn the_legend_names_the_preperiod_line_and_the_period_band() {
        let svg = periodic_svg();
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
            heaps: 0..seq.len(),
            searched: seq.len(),
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
            heaps: 0..seq.len(),
            searched: seq.len(),
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
        assert_eq!(ticks(0, 6), vec![0, 1, 2, 3, 4, 5, 6]);
        assert_eq!(ticks(0, 49), vec![0, 5, 10, 15, 20, 25, 30, 35, 40, 45]);
        assert_eq!(ticks(0, 49_999)[1], 5000);
        assert_eq!(ticks(0, 1), vec![0, 1]);
        assert_eq!(ticks(0, 0), vec![0]);
        assert_eq!(
            ticks(103, 149),
            vec![105, 110, 115, 120, 125, 130, 135, 140, 145]
        );
    }

    #[test]
    fn a_long_sequence_is_drawn_by_pixel_columns_and_stays_small() {
        let seq = values((0..1u32 << 20).map(|n| n.wrapping_mul(2_654_435_761) >> 27));
        let svg = render_svg(&PlotRequest {
            title: "long",
            values: &seq,
            heaps: 0..seq.len(),
            searched: seq.len(),
            period: None,
        })
        .unwrap();
        assert!(svg.len() < 200 << 10, "{} bytes", svg.len());
        assert_eq!(svg.matches("<circle").count(), 0);
        // A bar per pixel column, spanning the values 0 to 31 of its heaps.
        let bars = svg.matches("<rect").count();
        assert!((900..1300).contains(&bars), "{bars} bars");
    }

    #[test]
    fn a_column_spans_the_lowest_to_the_highest_value_of_its_heaps() {
        let seq = values((0..40).map(|n| if n % 10 == 3 { 9 } else { n % 2 }));
        let columns = column_ranges(&seq, 0..40, 4);
        assert_eq!(columns, vec![Some((0, 9)); 4]);
        assert_eq!(
            column_ranges(&seq, 4..6, 4),
            vec![Some((0, 0)), None, Some((1, 1)), None]
        );
    }

    #[test]
    fn a_range_of_heaps_draws_those_heaps_only() {
        let seq = values((0..400).map(|n| n % 7));
        let svg = render_svg(&PlotRequest {
            title: "t",
            values: &seq,
            heaps: 100..150,
            searched: seq.len(),
            period: None,
        })
        .unwrap();
        assert_eq!(svg.matches("<circle").count(), 50);
        let labels: Vec<i64> = tick_labels(&svg)
            .iter()
            .map(|l| l.parse().unwrap())
            .collect();
        let heap_labels: Vec<i64> = labels.into_iter().filter(|&l| l >= 100).collect();
        assert!(heap_labels.len() >= 4, "{heap_labels:?}");
        assert!(heap_labels.iter().all(|&l| l < 150), "{heap_labels:?}");
    }

    #[test]
    fn labels_are_at_least_eleven_pixels() {
        let svg = periodic_svg();
        let sizes: Vec<f64> = svg
            .split("font-size=\"")
            .skip(1)
            .map(|rest| rest.split('"').next().unwrap().parse().unwrap())
            .collect();
        assert!(sizes.len() > 10, "{svg}");
        assert!(sizes.iter().all(|&size| size >= 11.0), "{sizes:?}");
    }

    #[test]
    fn empty_sequences_and_periods_past_the_end_draw_without_panicking() {
        let empty = values([]);
        assert!(render_svg(&PlotRequest {
            title: "0.0",
            values: &empty,
            heaps: 0..0,
            searched: 0,
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
            heaps: 0..3,
            searched: 3,
            period: far
        })
        .is_ok());
    }
}
