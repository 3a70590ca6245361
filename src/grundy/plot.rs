//! The nim-sequence drawn as an SVG: `G(n)` against `n`, one point per
//! value, with the periodic part shaded and its start marked.
//!
//! People look for structure in these sequences (arithmetic-periodic
//! stretches, rare values dying out) rather than read them. A sequence
//! longer than the plot is wide is drawn by columns: each column of the
//! plot shows every distinct value among the heaps it covers, so the
//! picture keeps every value that occurs and the file stays small (a few
//! MB at most) however long the sequence.

use std::collections::BTreeSet;
use std::path::Path;

use plotters::prelude::*;

use super::period::Period;
use super::values::Values;

/// Width and height of the drawing, in SVG pixels.
const SIZE: (u32, u32) = (1200, 600);

/// Columns of the plot area: above this many values, values are grouped.
const COLUMNS: usize = 1000;

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
/// distinct value among its heaps.
fn points(values: &Values, len: usize) -> Vec<(f64, u32)> {
    if len <= COLUMNS * 4 {
        return (0..len).map(|n| (n as f64, values.get(n))).collect();
    }
    let mut out = Vec::new();
    for column in 0..COLUMNS {
        let (from, to) = (column * len / COLUMNS, (column + 1) * len / COLUMNS);
        let distinct: BTreeSet<u32> = (from..to).map(|n| values.get(n)).collect();
        let x = (from + to) as f64 / 2.0;
        out.extend(distinct.into_iter().map(|v| (x, v)));
    }
    out
}

/// The SVG text of the drawing.
pub fn render_svg(request: &PlotRequest) -> Result<String, String> {
    let mut svg = String::new();
    draw(request, &mut svg).map_err(|e| format!("cannot draw the plot: {e}"))?;
    Ok(svg)
}

/// Writes the drawing to `path`.
pub fn write_svg(request: &PlotRequest, path: &Path) -> Result<(), std::io::Error> {
    let svg = render_svg(request).map_err(std::io::Error::other)?;
    std::fs::write(path, svg)
}

fn draw(request: &PlotRequest, svg: &mut String) -> Result<(), Box<dyn std::error::Error>> {
    let root = SVGBackend::with_string(svg, SIZE).into_drawing_area();
    root.fill(&WHITE)?;
    let len = request.shown.max(1) as f64;
    let top = (0..request.shown)
        .map(|n| request.values.get(n))
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
    let mut chart = ChartBuilder::on(&root)
        .caption(caption, ("sans-serif", 22))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(50)
        .build_cartesian_2d(0f64..len, 0f64..f64::from(top) + 1.0)?;
    chart
        .configure_mesh()
        .x_desc("heap size n")
        .y_desc("G(n)")
        .disable_mesh()
        .draw()?;
    if let Some(p) = request.period {
        let (start, end) = (p.preperiod as f64, (p.preperiod + p.period) as f64);
        if start < len {
            let shade = RGBColor(255, 235, 200).filled();
            let band = [(start, 0.0), (end.min(len), f64::from(top) + 1.0)];
            chart.draw_series(std::iter::once(Rectangle::new(band, shade)))?;
            let line = [(start, 0.0), (start, f64::from(top) + 1.0)];
            chart.draw_series(LineSeries::new(line, RED.stroke_width(2)))?;
        }
    }
    let dots = points(request.values, request.shown)
        .into_iter()
        .map(|(x, v)| Circle::new((x, f64::from(v)), 1, BLUE.filled()));
    chart.draw_series(dots)?;
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
