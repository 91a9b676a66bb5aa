//! A ladder plot as a standalone SVG: Elo against level, one coloured line of points per
//! series, with error bars, axes, ticks, a legend and a title.

use std::fmt::Write;

use muster_view::svg::escape;
use serde::{Deserialize, Serialize};

/// Width of the picture in SVG units.
const WIDTH: f64 = 720.0;
/// Height of the picture in SVG units.
const HEIGHT: f64 = 440.0;
/// The plotting area's edges: left, right, top, bottom.
const AREA: (f64, f64, f64, f64) = (70.0, 560.0, 50.0, 380.0);
/// One colour per series, reused in order when there are more series.
const COLOURS: [&str; 10] = [
    "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf",
    "#7f7f7f", "#bcbd22",
];

/// One line of the plot: a name for the legend and its points.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Series {
    /// The name shown in the legend.
    pub name: String,
    /// The points, joined by a line in the order given.
    pub points: Vec<Point>,
}

/// One rated player on the plot.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Point {
    /// The horizontal position, usually the level number.
    pub x: f64,
    /// The player's name, shown when the pointer rests on the point.
    pub label: String,
    /// The rating, the vertical position.
    pub elo: f64,
    /// Half the length of the error bar; an infinite margin draws no bar.
    pub margin: f64,
}

/// A standalone 720×440 SVG document plotting Elo against `x` for every series: one circle per
/// point with finite `x` and `elo`, error bars of ±margin where the margin is finite and not 0, a line
/// through each series' points, a colour per series named in a legend, axes with ticks and the
/// labels `x_label` and `Elo`, and `title` on top. All text is escaped for XML.
pub fn ladder_svg(title: &str, x_label: &str, series: &[Series]) -> String {
    let frame = Frame::fit(series);
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{HEIGHT}\" \
         viewBox=\"0 0 {WIDTH} {HEIGHT}\" font-family=\"sans-serif\" font-size=\"12\">"
    );
    let _ = writeln!(
        svg,
        "<rect width=\"{WIDTH}\" height=\"{HEIGHT}\" fill=\"white\"/>"
    );
    let _ = writeln!(
        svg,
        "<text x=\"{:.1}\" y=\"28\" text-anchor=\"middle\" font-size=\"16\">{}</text>",
        (AREA.0 + AREA.1) / 2.0,
        escape(title)
    );
    draw_axes(&mut svg, &frame, x_label);
    for (i, one) in series.iter().enumerate() {
        draw_series(&mut svg, &frame, one, COLOURS[i % COLOURS.len()]);
        draw_legend_entry(&mut svg, i, &one.name, COLOURS[i % COLOURS.len()]);
    }
    svg.push_str("</svg>\n");
    svg
}

/// The data ranges shown and the ticks on each axis.
struct Frame {
    x: Axis,
    y: Axis,
}

/// One axis: the range shown and where its ticks go.
struct Axis {
    low: f64,
    high: f64,
    ticks: Vec<f64>,
}

impl Frame {
    /// Ranges covering every drawable point and finite error bar, with round ticks.
    fn fit(series: &[Series]) -> Frame {
        let points: Vec<&Point> = series
            .iter()
            .flat_map(|s| &s.points)
            .filter(|p| drawable(p))
            .collect();
        let xs: Vec<f64> = points.iter().map(|p| p.x).collect();
        let mut ys: Vec<f64> = Vec::new();
        for p in &points {
            let bar = if p.margin.is_finite() {
                p.margin.abs()
            } else {
                0.0
            };
            ys.extend([p.elo - bar, p.elo + bar]);
        }
        let integers = xs.iter().all(|x| x.fract() == 0.0);
        Frame {
            x: Axis::covering(&xs, 1.0, integers, 0.0),
            y: Axis::covering(&ys, 50.0, false, 0.05),
        }
    }

    fn px(&self, x: f64) -> f64 {
        AREA.0 + (x - self.x.low) / (self.x.high - self.x.low) * (AREA.1 - AREA.0)
    }

    fn py(&self, y: f64) -> f64 {
        AREA.3 - (y - self.y.low) / (self.y.high - self.y.low) * (AREA.3 - AREA.2)
    }
}

impl Axis {
    /// An axis showing every value, widened by `pad` on each side when the values span nothing,
    /// and by the fraction `slack` of the span otherwise; whole-number ticks when `integers`.
    fn covering(values: &[f64], pad: f64, integers: bool, slack: f64) -> Axis {
        let low = values.iter().copied().fold(f64::INFINITY, f64::min);
        let high = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let (mut low, mut high) = if low.is_finite() && high.is_finite() {
            (low, high)
        } else {
            (0.0, 0.0)
        };
        if high - low <= 0.0 {
            (low, high) = (low - pad, high + pad);
        } else if integers {
            (low, high) = (low - 0.5, high + 0.5);
        } else {
            let extra = (high - low) * slack;
            (low, high) = (low - extra, high + extra);
        }
        let mut step = nice_step((high - low) / 6.0);
        if integers {
            step = step.max(1.0).round();
        }
        let first = (low / step).ceil() as i64;
        let last = (high / step).floor() as i64;
        let ticks = (first..=last).map(|k| k as f64 * step).collect();
        Axis { low, high, ticks }
    }
}

/// The round number (1, 2 or 5 times a power of ten) nearest above `rough`.
fn nice_step(rough: f64) -> f64 {
    let power = 10f64.powf(rough.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * power)
        .find(|&step| step >= rough)
        .unwrap_or(10.0 * power)
}

/// Whether a point can be placed: its position is finite.
fn drawable(p: &Point) -> bool {
    p.x.is_finite() && p.elo.is_finite()
}

/// A tick value without needless decimals: `3`, `2.5`, `-100`.
fn tick_text(value: f64) -> String {
    let rounded = (value * 1000.0).round() / 1000.0;
    if rounded == 0.0 {
        "0".to_owned()
    } else {
        format!("{rounded}")
    }
}

fn draw_axes(svg: &mut String, frame: &Frame, x_label: &str) {
    let (left, right, top, bottom) = AREA;
    let _ = writeln!(
        svg,
        "<rect x=\"{left}\" y=\"{top}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"#333\"/>",
        right - left,
        bottom - top
    );
    for &x in &frame.x.ticks {
        let px = frame.px(x);
        let _ = writeln!(
            svg,
            "<line x1=\"{px:.1}\" y1=\"{bottom}\" x2=\"{px:.1}\" y2=\"{:.1}\" stroke=\"#333\"/>\
             <text x=\"{px:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>",
            bottom + 5.0,
            bottom + 19.0,
            tick_text(x)
        );
    }
    for &y in &frame.y.ticks {
        let py = frame.py(y);
        let _ = writeln!(
            svg,
            "<line x1=\"{left}\" y1=\"{py:.1}\" x2=\"{right}\" y2=\"{py:.1}\" stroke=\"#ddd\"/>\
             <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>",
            left - 6.0,
            py + 4.0,
            tick_text(y)
        );
    }
    let _ = writeln!(
        svg,
        "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>",
        (left + right) / 2.0,
        bottom + 42.0,
        escape(x_label)
    );
    let middle = (top + bottom) / 2.0;
    let _ = writeln!(
        svg,
        "<text x=\"20\" y=\"{middle:.1}\" text-anchor=\"middle\" \
         transform=\"rotate(-90 20 {middle:.1})\">Elo</text>"
    );
}

fn draw_series(svg: &mut String, frame: &Frame, series: &Series, colour: &str) {
    let points: Vec<&Point> = series.points.iter().filter(|p| drawable(p)).collect();
    let _ = writeln!(svg, "<g stroke=\"{colour}\" fill=\"{colour}\">");
    if points.len() > 1 {
        let path: Vec<String> = points
            .iter()
            .map(|p| format!("{:.1},{:.1}", frame.px(p.x), frame.py(p.elo)))
            .collect();
        let _ = writeln!(
            svg,
            "<polyline fill=\"none\" stroke-width=\"2\" points=\"{}\"/>",
            path.join(" ")
        );
    }
    for p in &points {
        let (px, py) = (frame.px(p.x), frame.py(p.elo));
        if p.margin.is_finite() && p.margin != 0.0 {
            let (y1, y2) = (
                frame.py(p.elo - p.margin.abs()),
                frame.py(p.elo + p.margin.abs()),
            );
            let _ = writeln!(
                svg,
                "<line x1=\"{px:.1}\" y1=\"{y1:.1}\" x2=\"{px:.1}\" y2=\"{y2:.1}\"/>\
                 <line x1=\"{:.1}\" y1=\"{y1:.1}\" x2=\"{:.1}\" y2=\"{y1:.1}\"/>\
                 <line x1=\"{:.1}\" y1=\"{y2:.1}\" x2=\"{:.1}\" y2=\"{y2:.1}\"/>",
                px - 4.0,
                px + 4.0,
                px - 4.0,
                px + 4.0
            );
        }
        let _ = writeln!(
            svg,
            "<circle cx=\"{px:.1}\" cy=\"{py:.1}\" r=\"4\"><title>{}</title></circle>",
            escape(&point_caption(&series.name, p))
        );
    }
    svg.push_str("</g>\n");
}

/// The hover text of a point: `series label: 1234 ± 56`, without the margin when it is 0 or
/// infinite.
fn point_caption(series: &str, p: &Point) -> String {
    if p.margin.is_finite() && p.margin != 0.0 {
        format!("{series} {}: {:.0} ± {:.0}", p.label, p.elo, p.margin)
    } else {
        format!("{series} {}: {:.0}", p.label, p.elo)
    }
}

fn draw_legend_entry(svg: &mut String, index: usize, name: &str, colour: &str) {
    let x = AREA.1 + 16.0;
    let y = AREA.2 + 10.0 + 20.0 * index as f64;
    let _ = writeln!(
        svg,
        "<line x1=\"{x:.1}\" y1=\"{y:.1}\" x2=\"{:.1}\" y2=\"{y:.1}\" stroke=\"{colour}\" \
         stroke-width=\"3\"/><text x=\"{:.1}\" y=\"{:.1}\">{}</text>",
        x + 22.0,
        x + 28.0,
        y + 4.0,
        escape(name)
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Checks that every tag closes in order and every `&` starts an entity; returns the
    /// element names in document order.
    fn well_formed(xml: &str) -> Result<Vec<String>, String> {
        let mut open: Vec<String> = Vec::new();
        let mut names = Vec::new();
        let mut rest = xml;
        while let Some(start) = rest.find('<') {
            check_text(&rest[..start])?;
            let end = rest[start..].find('>').ok_or("a tag never ends")? + start;
            let tag = &rest[start + 1..end];
            rest = &rest[end + 1..];
            if tag.matches('"').count() % 2 != 0 || tag.contains('<') {
                return Err(format!("bad tag <{tag}>"));
            }
            if let Some(name) = tag.strip_prefix('/') {
                match open.pop() {
                    Some(top) if top == name => {}
                    other => return Err(format!("</{name}> closes {other:?}")),
                }
                continue;
            }
            let name: String = tag
                .chars()
                .take_while(|c| !c.is_whitespace() && *c != '/')
                .collect();
            names.push(name.clone());
            if !tag.ends_with('/') {
                open.push(name);
            }
        }
        check_text(rest)?;
        if open.is_empty() {
            Ok(names)
        } else {
            Err(format!("unclosed {open:?}"))
        }
    }

    fn check_text(text: &str) -> Result<(), String> {
        for (i, _) in text.match_indices('&') {
            let entity = &text[i..];
            if !["&amp;", "&lt;", "&gt;", "&quot;", "&apos;"]
                .iter()
                .any(|e| entity.starts_with(e))
            {
                return Err(format!("bare & in {text:?}"));
            }
        }
        if text.contains('>') {
            return Err(format!("stray > in {text:?}"));
        }
        Ok(())
    }

    fn point(x: f64, elo: f64, margin: f64) -> Point {
        Point {
            x,
            label: format!("L{x}"),
            elo,
            margin,
        }
    }

    fn ladder() -> Vec<Series> {
        vec![
            Series {
                name: "mcts".to_owned(),
                points: vec![
                    point(1.0, 0.0, 0.0),
                    point(2.0, 150.0, 40.0),
                    point(3.0, 260.0, 45.0),
                ],
            },
            Series {
                name: "alpha-beta".to_owned(),
                points: vec![point(1.0, 30.0, 35.0), point(2.0, 120.0, 38.0)],
            },
        ]
    }

    fn count(names: &[String], wanted: &str) -> usize {
        names.iter().filter(|n| *n == wanted).count()
    }

    #[test]
    fn the_checker_rejects_a_misnested_document() {
        assert!(well_formed("<a><b></a></b>").is_err());
        assert!(well_formed("<a>fish & chips</a>").is_err());
        assert!(well_formed("<a><b/>x &amp; y</a>").is_ok());
    }

    #[test]
    fn a_ladder_is_well_formed_with_one_circle_per_point() {
        let svg = ladder_svg("Ladder", "level", &ladder());
        let names = well_formed(&svg).unwrap();
        assert_eq!(names[0], "svg");
        assert_eq!(count(&names, "circle"), 5);
        assert_eq!(count(&names, "polyline"), 2);
        assert!(svg.contains("width=\"720\"") && svg.contains("height=\"440\""));
    }

    #[test]
    fn each_series_has_its_own_colour_in_the_legend() {
        let svg = ladder_svg("Ladder", "level", &ladder());
        assert!(svg.contains(&format!("stroke=\"{}\"", COLOURS[0])));
        assert!(svg.contains(&format!("stroke=\"{}\"", COLOURS[1])));
        assert!(svg.contains(">mcts</text>") && svg.contains(">alpha-beta</text>"));
    }

    #[test]
    fn a_single_point_plots_without_a_line() {
        let series = [Series {
            name: "only".to_owned(),
            points: vec![point(4.0, 1500.0, 0.0)],
        }];
        let svg = ladder_svg("One", "level", &series);
        let names = well_formed(&svg).unwrap();
        assert_eq!(count(&names, "circle"), 1);
        assert_eq!(count(&names, "polyline"), 0);
        assert!(!svg.contains("NaN") && !svg.contains("inf"), "{svg}");
    }

    #[test]
    fn infinite_margins_draw_no_error_bar() {
        let bar = |margin| Series {
            name: "s".to_owned(),
            points: vec![
                point(1.0, 0.0, 0.0),
                point(2.0, 50.0, margin),
                point(3.0, 100.0, 0.0),
            ],
        };
        let with = well_formed(&ladder_svg("t", "x", &[bar(30.0)])).unwrap();
        let without = well_formed(&ladder_svg("t", "x", &[bar(f64::INFINITY)])).unwrap();
        assert_eq!(count(&with, "line") - count(&without, "line"), 3);
        assert_eq!(count(&without, "circle"), 3);
    }

    #[test]
    fn text_is_escaped() {
        let mut series = ladder();
        series[0].name = "a<b & \"c\"".to_owned();
        let svg = ladder_svg("Tom & Jerry's <ladder>", "level > 0", &series);
        well_formed(&svg).unwrap();
        assert!(svg.contains("Tom &amp; Jerry&apos;s &lt;ladder&gt;"));
    }

    #[test]
    fn integer_levels_get_whole_number_ticks() {
        let axis = Axis::covering(&[1.0, 2.0], 1.0, true, 0.0);
        assert_eq!(axis.ticks, [1.0, 2.0]);
    }

    #[test]
    fn round_steps_are_one_two_or_five_times_a_power_of_ten() {
        assert_eq!(nice_step(37.0), 50.0);
        assert_eq!(nice_step(0.13), 0.2);
        assert_eq!(nice_step(100.0), 100.0);
    }
}
