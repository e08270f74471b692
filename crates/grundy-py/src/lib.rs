//! The Rust side of the `grundy` Python package (module `grundy._grundy`).
//!
//! The Python layer (`python/grundy/__init__.py`) is the public API; this
//! module gives it the engine:
//!
//! - `python_game`: games defined in Python, valued by the library's
//!   solvers through an interning [`grundy::game::Game`] adapter;
//! - `sum`: `grundy.sum(a, b)`, an option that splits the game;
//! - `registry`: built-in games by their descriptions;
//! - `sequence`: nim-value sequences of heap games, with the
//!   interpreter released and Ctrl-C honoured;
//! - `tables`: pictures (PNG, SVG) and patterns of tables and sequences;
//! - `report`: answers as Python data; `errors`: errors as exceptions.

mod errors;
mod interruptible;
mod python_game;
mod registry;
mod report;
mod sequence;
mod small_key;
mod sum;
mod tables;

use pyo3::prelude::*;

#[pymodule]
fn _grundy(module: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = module.py();
    sum::add_to(module)?;
    module.add_class::<python_game::PythonGame>()?;
    module.add_class::<sequence::HeapSequence>()?;
    module.add_function(wrap_pyfunction!(sequence::find_periodicity, module)?)?;
    module.add_function(wrap_pyfunction!(sequence::misere_sequence, module)?)?;
    module.add_function(wrap_pyfunction!(tables::table_picture, module)?)?;
    module.add_function(wrap_pyfunction!(tables::sequence_picture, module)?)?;
    module.add_function(wrap_pyfunction!(tables::table_patterns, module)?)?;
    module.add_class::<registry::BuiltinGame>()?;
    module.add_function(wrap_pyfunction!(registry::catalogue, module)?)?;
    module.add("GrundyError", py.get_type::<errors::GrundyError>())?;
    module.add("LoopyError", py.get_type::<errors::LoopyError>())?;
    module.add("TooLargeError", py.get_type::<errors::TooLargeError>())?;
    module.add("InvalidGameError", py.get_type::<errors::InvalidGameError>())?;
    module.add("InvalidPositionError", py.get_type::<errors::InvalidPositionError>())?;
    Ok(())
}
