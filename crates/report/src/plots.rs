//! The report's pictures, drawn with `plotters` into SVG strings.

use plotters::coord::ranged1d::{IntoSegmentedCoord, SegmentValue};
use plotters::prelude::*;

/// The colour of estimates (bars); the browser test looks for it in the screenshot.
pub const BAR: RGBColor = RGBColor(46, 125, 50);
/// The colour of intervals and reference lines.
const INK: RGBColor = RGBColor(33, 33, 33);
/// The colour of a reference line (a fair share).
const FAIR: RGBColor = RGBColor(198, 40, 40);
/// Line colours for series, one per seat or variant.
const SERIES: [RGBColor; 6] = [
    RGBColor(46, 125, 50),
    RGBColor(21, 101, 192),
    RGBColor(198, 40, 40),
    RGBColor(239, 108, 0),
    RGBColor(106, 27, 154),
    RGBColor(0, 131, 143),
];

/// One row of an interval chart: an estimate and its 95% interval.
#[derive(Clone, Debug, PartialEq)]
pub struct Bar {
    /// What the row is.
    pub label: String,
    /// The estimate.
    pub value: f64,
    /// The interval's ends.
    pub interval: (f64, f64),
}

/// One line of a line chart.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    /// What the line is.
    pub name: String,
    /// Its points, in x order.
    pub points: Vec<(f64, f64)>,
}

/// Why a picture could not be drawn.
fn failed(e: impl std::fmt::Display) -> String {
    format!("could not draw a plot: {e}")
}

/// Marks the SVG as one of the report's plots, with its title for screen readers.
fn tag(svg: String, title: &str) -> String {
    let title = crate::html::escape(title);
    svg.replacen(
        "<svg ",
        &format!("<svg class=\"plot\" role=\"img\" aria-label=\"{title}\" "),
        1,
    )
}

/// Horizontal bars with 95% whiskers, first row on top; `reference` draws a dashed line
/// (e.g. the fair win rate). Values are fractions shown as percentages when `percent`.
pub fn interval_chart(
    title: &str,
    axis: &str,
    bars: &[Bar],
    reference: Option<f64>,
    percent: bool,
) -> Result<String, String> {
    let n = bars.len().max(1);
    let label_width = bars
        .iter()
        .map(|b| b.label.chars().count())
        .max()
        .unwrap_or(4)
        .clamp(4, 40) as u32;
    let height = (100 + 30 * n as u32).max(220);
    let top = bars
        .iter()
        .map(|b| b.interval.1.max(b.value))
        .chain(reference)
        .fold(0.0f64, f64::max);
    let low = bars
        .iter()
        .map(|b| b.interval.0.min(b.value))
        .fold(0.0f64, f64::min);
    let top = if top <= low { low + 1.0 } else { top * 1.05 };
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (760, height)).into_drawing_area();
        root.fill(&WHITE).map_err(failed)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 18))
            .margin(10)
            .x_label_area_size(36)
            .y_label_area_size(16 + 8 * label_width)
            .build_cartesian_2d(low..top, (0..n.saturating_sub(1).max(1)).into_segmented())
            .map_err(failed)?;
        let labels: Vec<String> = bars.iter().rev().map(|b| b.label.clone()).collect();
        chart
            .configure_mesh()
            .disable_y_mesh()
            .label_style(("sans-serif", 14))
            .axis_desc_style(("sans-serif", 14))
            .x_desc(axis)
            .x_label_formatter(&|x| {
                if percent && top - low < 0.1 {
                    format!("{:.1}%", 100.0 * x)
                } else if percent {
                    format!("{:.0}%", 100.0 * x)
                } else {
                    format!("{x:.1}")
                }
            })
            .y_labels(n)
            .y_label_formatter(&|y| match y {
                SegmentValue::CenterOf(i) => labels.get(*i).cloned().unwrap_or_default(),
                _ => String::new(),
            })
            .draw()
            .map_err(failed)?;
        let row = |j: usize| n - 1 - j;
        // The top edge of a row: the axis ends at the last row's top.
        let above = |r: usize| {
            if r + 1 >= n && n > 1 {
                SegmentValue::Last
            } else {
                SegmentValue::Exact(r + 1)
            }
        };
        chart
            .draw_series(bars.iter().enumerate().map(|(j, b)| {
                let mut rect = Rectangle::new(
                    [
                        (0.0f64.max(low), SegmentValue::Exact(row(j))),
                        (b.value, above(row(j))),
                    ],
                    BAR.filled(),
                );
                rect.set_margin(5, 5, 0, 0);
                rect
            }))
            .map_err(failed)?;
        chart
            .draw_series(bars.iter().enumerate().map(|(j, b)| {
                PathElement::new(
                    vec![
                        (b.interval.0, SegmentValue::CenterOf(row(j))),
                        (b.interval.1, SegmentValue::CenterOf(row(j))),
                    ],
                    INK.stroke_width(2),
                )
            }))
            .map_err(failed)?;
        if let Some(r) = reference {
            // From the bottom of the lowest row to the top of the highest.
            chart
                .draw_series(DashedLineSeries::new(
                    vec![(r, SegmentValue::Exact(0)), (r, above(n - 1))],
                    6,
                    4,
                    FAIR.stroke_width(2),
                ))
                .map_err(failed)?;
        }
        root.present().map_err(failed)?;
    }
    Ok(tag(svg, title))
}

/// Lines over a shared x axis, with a legend.
pub fn line_chart(
    title: &str,
    x_axis: &str,
    y_axis: &str,
    series: &[Series],
) -> Result<String, String> {
    let xs = series.iter().flat_map(|s| s.points.iter().map(|p| p.0));
    let (x0, x1) = xs.fold((f64::MAX, f64::MIN), |(a, b), x| (a.min(x), b.max(x)));
    let (x0, x1) = if x0 < x1 {
        (x0, x1)
    } else {
        (x0 - 1.0, x0 + 1.0)
    };
    let y1 = series
        .iter()
        .flat_map(|s| s.points.iter().map(|p| p.1))
        .fold(0.0f64, f64::max);
    let y1 = if y1 > 0.0 { y1 * 1.08 } else { 1.0 };
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (760, 340)).into_drawing_area();
        root.fill(&WHITE).map_err(failed)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 18))
            .margin(10)
            .x_label_area_size(36)
            .y_label_area_size(60)
            .build_cartesian_2d(x0..x1, 0.0..y1)
            .map_err(failed)?;
        chart
            .configure_mesh()
            .label_style(("sans-serif", 14))
            .axis_desc_style(("sans-serif", 14))
            .x_desc(x_axis)
            .y_desc(y_axis)
            .x_label_formatter(&|x| format!("{x:.0}"))
            .y_label_formatter(&|y| {
                if y1 <= 1.5 {
                    format!("{y:.2}")
                } else if y1 <= 20.0 {
                    format!("{y:.1}")
                } else {
                    format!("{y:.0}")
                }
            })
            .draw()
            .map_err(failed)?;
        for (i, s) in series.iter().enumerate() {
            let colour = SERIES[i % SERIES.len()];
            chart
                .draw_series(LineSeries::new(s.points.clone(), colour.stroke_width(2)))
                .map_err(failed)?
                .label(s.name.clone())
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 18, y)], colour.stroke_width(2))
                });
        }
        if series.len() > 1 {
            chart
                .configure_series_labels()
                .background_style(WHITE.mix(0.85))
                .border_style(INK)
                .position(SeriesLabelPosition::UpperRight)
                .draw()
                .map_err(failed)?;
        }
        root.present().map_err(failed)?;
    }
    Ok(tag(svg, title))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn charts_are_svg_with_their_labels() {
        let bars = vec![
            Bar {
                label: "Player 1".into(),
                value: 0.55,
                interval: (0.5, 0.6),
            },
            Bar {
                label: "Player 2".into(),
                value: 0.45,
                interval: (0.4, 0.5),
            },
        ];
        let svg = interval_chart("Win rate", "win rate", &bars, Some(0.5), true).expect("draws");
        assert!(svg.starts_with("<svg class=\"plot\""));
        assert!(svg.contains("Player 1") && svg.contains("Player 2"));
        assert!(svg.contains("rgb(46,125,50)") || svg.contains("#2E7D32"));
        let lines = line_chart(
            "Scores",
            "points",
            "games",
            &[Series {
                name: "Player 1".into(),
                points: vec![(0.0, 1.0), (1.0, 3.0)],
            }],
        )
        .expect("draws");
        assert!(lines.contains("<polyline") || lines.contains("<path"));
    }
}
