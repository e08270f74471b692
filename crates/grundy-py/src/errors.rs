//! The library's errors as Python exceptions.
//!
//! Every error is a `grundy.GrundyError`, which is a `ValueError`, so that
//! code catching "bad argument" errors catches ours; the subclasses say
//! which kind it is. The message is the library's own.

use pyo3::create_exception;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt};

create_exception!(grundy, GrundyError, PyValueError, "An error from the grundy engine.");
create_exception!(grundy, LoopyError, GrundyError, "The game has a cycle: some position can be reached from itself.");
create_exception!(grundy, TooLargeError, GrundyError, "The question needs more positions or memory than allowed.");
create_exception!(grundy, InvalidGameError, GrundyError, "A game description or parameter that describes no game.");
create_exception!(grundy, InvalidPositionError, GrundyError, "A position that is not a position of the game.");

/// The exception for `error`, with `message` (the library's message, or
/// that message with positions written the Python way).
pub fn exception(error: &grundy::Error, message: String) -> PyErr {
    use grundy::Error::*;
    match error {
        Loopy { .. } => LoopyError::new_err(message),
        TooLarge { .. } => TooLargeError::new_err(message),
        InvalidPosition(_) | Syntax { .. } => InvalidPositionError::new_err(message),
        UnknownGame { .. }
        | UnexpectedParameters { .. }
        | MissingParameters { .. }
        | NotABoardGame { .. }
        | Unsupported { .. }
        | SumNotSupported { .. }
        | NotTopological { .. }
        | InvalidGame(_) => InvalidGameError::new_err(message),
        // The kind of error inside a file is the kind of the whole.
        InFile { error: source, .. } | Unusable { why: source, .. } => exception(source, message),
        // Io, and whatever the library adds later.
        _ => GrundyError::new_err(message),
    }
}

/// The exception for `error`, with the library's message.
pub fn to_py(error: grundy::Error) -> PyErr {
    let message = error.to_string();
    exception(&error, message)
}

/// A whole-number argument from 0 to 2^64 − 1. pyo3's own conversion
/// raises `OverflowError: can't convert negative int to unsigned`, which
/// names neither the argument nor the range; this names both, as a
/// ValueError (a bool or a float is a TypeError: `int(2.5)` would quietly be
/// 2).
pub fn whole<T: TryFrom<u64>>(value: &Bound<'_, PyAny>, name: &str) -> PyResult<T> {
    if !value.is_instance_of::<PyInt>() || value.is_instance_of::<PyBool>() {
        return Err(PyTypeError::new_err(format!("{name}: expected a whole number, found {value}")));
    }
    value.extract::<u64>().ok().and_then(|n| T::try_from(n).ok()).ok_or_else(|| {
        PyValueError::new_err(format!("{name}: expected a whole number from 0 to {}, found {value}", u64::MAX))
    })
}
