//! Pictures decoded and checked pixel by pixel.

use super::*;
use crate::catalogue::Cell;
use crate::game::Outcome;
use crate::registry::{game, RuleOptions};
use crate::report::TableKind;

fn table(description: &str, goal: Option<Cell>, rows: (u64, u64), columns: Option<(u64, u64)>) -> ValueTable {
    let options = RuleOptions { goal, ..RuleOptions::default() };
    game(description, &options).unwrap().table(rows.0..=rows.1, columns.map(|(a, b)| a..=b)).unwrap()
}

fn decode(bytes: &[u8]) -> Raster {
    let mut reader = png::Decoder::new(bytes).read_info().unwrap();
    let mut pixels = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut pixels).unwrap();
    assert_eq!(info.color_type, png::ColorType::Rgb);
    pixels.truncate(info.buffer_size());
    Raster { width: info.width, height: info.height, pixels }
}

/// The pixel just inside cell (r, c)'s top-left corner (text, if any, is centred).
fn cell_pixel(image: &Raster, layout: &HeatmapLayout, r: usize, c: usize) -> Rgb {
    image.pixel(layout.grid_left + c as u32 * layout.cell + 1, layout.grid_top + r as u32 * layout.cell + 1)
}

/// Whether `text` is written at `(x, y)` in `image`: every pixel of the
/// glyphs, drawn alone on a blank raster, is ink in the image too.
fn text_at(image: &Raster, x: u32, y: u32, text: &str) -> bool {
    let width = text_width(text, 1);
    let mut alone = Raster::new(width, GLYPH, Rgb::WHITE);
    alone.text(0, 0, text, Rgb::BLACK, 1);
    (0..GLYPH).all(|dy| {
        (0..width).all(|dx| (alone.pixel(dx, dy) == Rgb::BLACK) == (image.pixel(x + dx, y + dy) != Rgb::WHITE))
    })
}

#[test]
fn race_cells_have_their_outcome_colours() {
    let t = table("knight", Some((0, 0)), (0, 12), Some((0, 12)));
    let layout = heatmap_layout(&t);
    let image = decode(&heatmap(&t, ImageFormat::Png).unwrap());
    assert_eq!((image.width, image.height), (layout.width, layout.height));
    for (r, row) in t.cells.iter().enumerate() {
        for (c, cell) in row.iter().enumerate() {
            let expected = match cell {
                Some(TableCell::Outcome(Outcome::P)) => P_COLOUR,
                Some(TableCell::Outcome(Outcome::N)) => N_COLOUR,
                Some(TableCell::Outcome(Outcome::Draw)) => DRAW_COLOUR,
                other => panic!("{other:?}"),
            };
            assert_eq!(cell_pixel(&image, &layout, r, c), expected, "cell ({r},{c})");
        }
    }
    let labels: Vec<&str> = layout.legend.iter().map(|e| e.label.as_str()).collect();
    assert_eq!(labels, ["P: second player wins", "N: first player wins", "D: draw"]);
}

#[test]
fn the_legend_lists_exactly_the_values_present() {
    let t = table("wythoff", None, (0, 5), Some((0, 5)));
    let mut present: Vec<u64> =
        t.cells.iter().flatten().map(|c| if let Some(TableCell::NimValue(v)) = c { *v } else { panic!() }).collect();
    present.sort_unstable();
    present.dedup();
    let layout = heatmap_layout(&t);
    assert!(layout.values_written, "6 × 6 cells are large enough for their values");
    let image = decode(&heatmap(&t, ImageFormat::Png).unwrap());
    assert_eq!(layout.legend.len(), present.len());
    for (entry, value) in layout.legend.iter().zip(&present) {
        let (x, y) = entry.swatch;
        assert_eq!(image.pixel(x + 5, y + 5), entry.colour, "swatch of {value}");
        assert!(entry.label.starts_with(&value.to_string()));
        assert!(text_at(&image, entry.label_at.0, entry.label_at.1, &entry.label), "label {}", entry.label);
        // The swatch is the colour of that value's cells.
        let (r, c) = (0..6)
            .flat_map(|r| (0..6).map(move |c| (r, c)))
            .find(|&(r, c)| t.cells[r][c] == Some(TableCell::NimValue(*value)))
            .unwrap();
        assert_eq!(cell_pixel(&image, &layout, r, c), entry.colour);
    }
    assert_eq!(layout.legend[0].colour, P_COLOUR);
    // Coordinates on the axes: column label 4 above its column.
    assert!(text_at(&image, 12, layout.grid_top - GLYPH - 8, "x\\y"));
}

#[test]
fn a_thousand_square_heatmap_has_one_pixel_cells_and_black_only_for_p() {
    // Two-heap Nim (the rook): G(x, y) = x ⊕ y, P exactly on the diagonal.
    // (Built directly: the rook's table is checked against x ⊕ y elsewhere,
    // and solving it in a debug build takes minutes.)
    let t = ValueTable {
        game: "rook".into(),
        kind: TableKind::NimValue,
        rows: (0..1000).collect(),
        columns: Some((0..1000).collect()),
        cells: (0..1000u64).map(|x| (0..1000u64).map(|y| Some(TableCell::NimValue(x ^ y))).collect()).collect(),
    };
    assert_eq!(t.cells[3..=9], table("rook", None, (3, 9), Some((0, 999))).cells[..]);
    let layout = heatmap_layout(&t);
    assert_eq!(layout.cell, 1);
    assert!(!layout.values_written);
    let image = decode(&heatmap(&t, ImageFormat::Png).unwrap());
    for x in 0..1000u32 {
        for y in 0..1000u32 {
            let pixel = image.pixel(layout.grid_left + y, layout.grid_top + x);
            assert_eq!(pixel == P_COLOUR, x == y, "({x},{y})");
            assert_eq!(pixel, layout.colour_of(&t.cells[x as usize][y as usize]));
        }
    }
    assert!(layout.legend.len() <= 12, "a scale, not a thousand entries");
}

#[test]
fn off_board_cells_are_grey_and_in_the_legend() {
    let t = table("bomb", None, (0, 4), Some((0, 4)));
    let layout = heatmap_layout(&t);
    let image = decode(&heatmap(&t, ImageFormat::Png).unwrap());
    assert_eq!(cell_pixel(&image, &layout, 0, 3), OFF_BOARD);
    assert_eq!(cell_pixel(&image, &layout, 1, 1), P_COLOUR, "(1,1) vanishes: a P-position");
    assert_eq!(layout.legend.last().unwrap().label, "off the board");
}

#[test]
fn millions_of_heaps_keep_every_rare_value() {
    // Period 4 of values 0..3, and one heap with a value seen nowhere else.
    let mut values: Vec<u32> = (0..2_000_000u32).map(|n| n % 4).collect();
    values[1_234_567] = 40;
    let plot = SequencePlot { game: "made-up", first: 0, values: &values, periodicity: None };
    let layout = scatter_layout(&plot);
    assert_eq!(layout.rare_values, [40]);
    let image = decode(&scatter(&plot, ImageFormat::Png).unwrap());
    let (x, y) = (layout.column_of(1_234_567), layout.row_of(40));
    assert_eq!(image.pixel(x, y), RARE_COLOUR);
    // Every common value has its dot in every pixel column.
    for column in [layout.plot_left + 1, layout.plot_left + layout.plot_width / 2] {
        for v in 0..4 {
            assert_ne!(image.pixel(column, layout.row_of(v)), Rgb::WHITE, "value {v} in column {column}");
        }
    }
}

/// Values closer than a pixel share their dot: Nim's heaps to a million
/// are a million distinct values, and a dot each made an SVG of 60 MB
/// (600 MB at ten million). The line is still drawn end to end.
#[test]
fn a_dot_per_pixel_row_not_per_value() {
    let values: Vec<u32> = (0..1_000_000u32).collect();
    let plot = SequencePlot { game: "nim", first: 0, values: &values, periodicity: None };
    let layout = scatter_layout(&plot);
    let svg = String::from_utf8(scatter(&plot, ImageFormat::Svg).unwrap()).unwrap();
    let dots = svg.matches("<rect").count();
    let most = (layout.plot_width * (layout.plot_height + 1)) as usize;
    assert!(svg.len() < 2_000_000 && dots < most, "{dots} rectangles, {} bytes", svg.len());
    let image = decode(&scatter(&plot, ImageFormat::Png).unwrap());
    for heap in [0, 500_000, 999_999] {
        let (x, y) = (layout.column_of(heap), layout.row_of(heap as u32));
        assert_ne!(image.pixel(x, y), Rgb::WHITE, "heap {heap}");
    }
}

#[test]
fn the_period_is_shaded_from_the_preperiod() {
    let t = table("subtraction:2,5,7", None, (0, 300), None);
    let image = decode(&plot_table(&t, ImageFormat::Png).unwrap());
    let values: Vec<u32> =
        t.cells.iter().map(|r| if let Some(TableCell::NimValue(v)) = r[0] { v as u32 } else { 0 }).collect();
    let found = find_periodicity(&values, None).unwrap();
    let plot = SequencePlot {
        game: &t.game,
        first: 0,
        values: &values,
        periodicity: Some((found.preperiod as u64, found.period as u64)),
    };
    let layout = scatter_layout(&plot);
    // Inside the first period, away from dots and the preperiod line: the band.
    let x = layout.column_of(found.preperiod + found.period / 2) + 1;
    let y = (layout.row_of(0) + layout.row_of(1)) / 2;
    assert_ne!(image.pixel(x, y), Rgb::WHITE);
    let after = layout.column_of(found.preperiod + found.period + found.period / 2) + 1;
    assert_eq!(image.pixel(after, y), Rgb::WHITE);
}

#[test]
fn svg_shows_the_same_picture() {
    let t = table("wythoff", None, (0, 5), Some((0, 5)));
    let svg = String::from_utf8(heatmap(&t, ImageFormat::Svg).unwrap()).unwrap();
    let layout = heatmap_layout(&t);
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert!(svg.contains(&format!("width=\"{}\" height=\"{}\"", layout.width, layout.height)));
    assert!(svg.contains(">0 (P-position)</text>"));
    let p_rect = format!(
        "x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#000000\"",
        layout.grid_left, layout.grid_top, layout.cell, layout.cell
    );
    assert!(svg.contains(&p_rect), "the cell (0,0) is a black rectangle");
}

#[test]
fn pictures_too_large_are_refused_before_any_work() {
    assert!(matches!(check_range((0, 2999), Some((0, 2999))), Err(Error::TooLarge { .. })));
    assert!(check_range((0, 999), Some((0, 999))).is_ok());
    assert!(check_range((0, (1 << 30) - 1), None).is_err());
}
