//! Tables and sequences from Python back into the library, for what it
//! does with them: pictures (`Table.picture()`, `_repr_png_` in Jupyter),
//! drawn by the `export` module as `grundy plot` draws them, and the
//! periods and P-position forms of `grundy pattern`.
//!
//! The Python result objects hold NumPy arrays; they are turned back into
//! the library's [`ValueTable`] (cells coded as in [`crate::report::cell_code`])
//! or a [`SequencePlot`], and analysed with the interpreter released. So a
//! table of a game written in Python gets the same analyses as a built-in
//! game's.

use grundy::export::{self, ImageFormat, SequencePlot};
use grundy::pattern;
use grundy::report::{TableKind, ValueTable};
use numpy::PyReadonlyArray1;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::errors::to_py;
use crate::report::{cell_of_code, to_python};

fn image_format(format: &str) -> PyResult<ImageFormat> {
    match format {
        "png" => Ok(ImageFormat::Png),
        "svg" => Ok(ImageFormat::Svg),
        other => Err(PyValueError::new_err(format!("unknown picture format '{other}': use 'png' or 'svg'"))),
    }
}

/// The library's table from its Python form: `cells` holds the values row
/// by row (nim-values, or outcome codes for an `"outcome"` table; −1 where
/// the coordinates name no position).
fn table_of(
    game: String,
    kind: &str,
    rows: Vec<u64>,
    columns: Option<Vec<u64>>,
    cells: PyReadonlyArray1<'_, i64>,
) -> PyResult<ValueTable> {
    let kind: TableKind = kind.parse().map_err(crate::errors::to_py)?;
    let width = columns.as_ref().map_or(1, Vec::len);
    let cells = cells.as_slice()?;
    if rows.is_empty() || width == 0 || cells.len() != rows.len() * width {
        return Err(PyValueError::new_err(format!(
            "a table of {} rows and {width} columns needs {} cells, found {}",
            rows.len(),
            rows.len() * width,
            cells.len()
        )));
    }
    let cells = cells.chunks(width).map(|row| row.iter().map(|&code| cell_of_code(kind, code)).collect()).collect();
    Ok(ValueTable { game, kind, rows, columns, cells })
}

/// The picture of a table: a heatmap of a two-coordinate table, or the
/// scatter of a one-coordinate table's nim-values.
#[pyfunction]
#[pyo3(signature = (game, kind, rows, columns, cells, format = "png"))]
pub fn table_picture<'py>(
    py: Python<'py>,
    game: String,
    kind: &str,
    rows: Vec<u64>,
    columns: Option<Vec<u64>>,
    cells: PyReadonlyArray1<'py, i64>,
    format: &str,
) -> PyResult<Bound<'py, PyBytes>> {
    let format = image_format(format)?;
    let table = table_of(game, kind, rows, columns, cells)?;
    let bytes = py.detach(|| export::plot_table(&table, format)).map_err(to_py)?;
    Ok(PyBytes::new(py, &bytes))
}

/// The patterns `grundy pattern` finds in a table: the report as data (the
/// keys of `--json`) and as the command's text.
#[pyfunction]
pub fn table_patterns<'py>(
    py: Python<'py>,
    game: String,
    kind: &str,
    rows: Vec<u64>,
    columns: Option<Vec<u64>>,
    cells: PyReadonlyArray1<'py, i64>,
) -> PyResult<(Bound<'py, PyAny>, String)> {
    let table = table_of(game, kind, rows, columns, cells)?;
    let report = py.detach(|| pattern::find_patterns(&table)).map_err(to_py)?;
    Ok((to_python(py, &report)?, report.to_string()))
}

/// The scatter plot of a sequence: `values[i]` is G(`first` + i);
/// `periodicity = (preperiod, period)` shades where the period starts and
/// one period.
#[pyfunction]
#[pyo3(signature = (game, values, first = 0, periodicity = None, format = "png"))]
pub fn sequence_picture<'py>(
    py: Python<'py>,
    game: &str,
    values: PyReadonlyArray1<'py, u32>,
    first: u64,
    periodicity: Option<(u64, u64)>,
    format: &str,
) -> PyResult<Bound<'py, PyBytes>> {
    let format = image_format(format)?;
    let values = values.as_slice()?;
    let plot = SequencePlot { game, first, values, periodicity };
    let bytes = py.detach(|| export::scatter(&plot, format)).map_err(to_py)?;
    Ok(PyBytes::new(py, &bytes))
}
