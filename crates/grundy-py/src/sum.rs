//! `grundy.sum(a, b, …)`: an option that splits the game into a sum.
//!
//! An `options` method may build a sum for every move (Kayles builds about
//! n of them for a row of n pins), so a sum must cost about what a tuple
//! costs, to build and to read, for the engine and for any plain Python
//! solver walking the same options. So `grundy.Sum` is a subclass of
//! `tuple` made with the C API, holding its parts as a tuple holds items:
//!
//! - `grundy.sum` is a `METH_FASTCALL` function that allocates the sum and
//!   copies its arguments in, one allocation and no argument tuple (a PyO3
//!   `*args` function builds an argument tuple, then a class instance:
//!   measured 1.6× the cost);
//! - the engine recognizes a sum by one pointer comparison of its type and
//!   reads the parts in place; Python code iterates it at tuple speed;
//! - a sum equals only a sum with equal parts (never the tuple of its
//!   parts), and hashes differently, so tuples stay free to be positions.
//!
//! The type cannot be subclassed (it lacks `Py_TPFLAGS_BASETYPE`), so "is a
//! sum" is exactly "has this type".

use std::ffi::{c_int, c_void};
use std::ptr;
use std::sync::atomic::{AtomicPtr, Ordering};

use pyo3::exceptions::PyTypeError;
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple};

/// `grundy.Sum`, made once when the module is imported and never freed.
static SUM_TYPE: AtomicPtr<ffi::PyTypeObject> = AtomicPtr::new(ptr::null_mut());

/// Whether `object` is a `grundy.sum(…)`.
#[inline]
pub fn is_sum(object: &Bound<'_, PyAny>) -> bool {
    // SAFETY: a `Bound` holds a reference to a live object.
    unsafe { has_sum_type(object.as_ptr()) }
}

/// [`is_sum`] for a raw object pointer, as CPython's slots receive them.
///
/// # Safety
/// `object` must point to a live object.
#[inline]
unsafe fn has_sum_type(object: *mut ffi::PyObject) -> bool {
    // SAFETY: the caller guarantees a live object, whose header holds its type.
    unsafe { ffi::Py_TYPE(object) == SUM_TYPE.load(Ordering::Relaxed) }
}

/// The parts of a sum, in place: the items of the tuple it is.
///
/// # Safety
/// `sum` must be a live object for which [`is_sum`] holds, and outlive the
/// returned slice.
#[inline]
pub unsafe fn parts<'a>(sum: *mut ffi::PyObject) -> &'a [*mut ffi::PyObject] {
    // SAFETY: a sum has the layout of a tuple, whose items are stored
    // contiguously after its header; `PyTuple_GET_ITEM(sum, 0)` is their
    // start even for an empty sum (the pointer is then not read).
    unsafe {
        let len = ffi::PyTuple_GET_SIZE(sum) as usize;
        let items = ptr::addr_of_mut!((*(sum as *mut ffi::PyTupleObject)).ob_item) as *const *mut ffi::PyObject;
        std::slice::from_raw_parts(items, len)
    }
}

/// A new sum of `parts` (a new reference), or null with an exception set.
///
/// # Safety
/// The interpreter is held, the module is initialized and `parts` points
/// to `count` live objects.
unsafe fn new_sum(parts: *const *mut ffi::PyObject, count: ffi::Py_ssize_t) -> *mut ffi::PyObject {
    unsafe {
        let sum = ffi::PyType_GenericAlloc(SUM_TYPE.load(Ordering::Relaxed), count);
        if sum.is_null() {
            return sum;
        }
        let mut atoms_only = true;
        for i in 0..count {
            let part = *parts.offset(i);
            ffi::Py_INCREF(part);
            ffi::PyTuple_SET_ITEM(sum, i, part);
            atoms_only &= ffi::PyType_IS_GC(ffi::Py_TYPE(part)) == 0;
        }
        if atoms_only {
            // A sum of numbers or strings can be in no reference cycle: as
            // CPython does for such tuples, keep it out of the cyclic
            // collector's lists, which Kayles' sums otherwise kept busy
            // (a sixth of the run in `gc_collect_main`).
            ffi::PyObject_GC_UnTrack(sum as *mut c_void);
        }
        sum
    }
}

/// `grundy.sum(*parts)`.
unsafe extern "C" fn sum_fastcall(
    _module: *mut ffi::PyObject,
    parts: *mut *mut ffi::PyObject,
    count: ffi::Py_ssize_t,
) -> *mut ffi::PyObject {
    // SAFETY: CPython calls it with the interpreter held and `count` arguments.
    unsafe { new_sum(parts, count) }
}

/// `grundy.Sum(*parts)`: the same as `grundy.sum(*parts)`.
unsafe extern "C" fn sum_new(
    _type: *mut ffi::PyTypeObject,
    args: *mut ffi::PyObject,
    kwargs: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    // SAFETY: CPython calls it with the interpreter held; `args` is a tuple.
    unsafe {
        if !kwargs.is_null() && ffi::PyDict_Size(kwargs) != 0 {
            PyTypeError::new_err("grundy.Sum takes positions, not keywords").restore(Python::assume_attached());
            return ptr::null_mut();
        }
        let items = parts(args);
        new_sum(items.as_ptr(), items.len() as ffi::Py_ssize_t)
    }
}

/// Frees a sum: as a tuple, then the reference every instance of a type
/// made at run time holds on its type.
unsafe extern "C" fn sum_dealloc(sum: *mut ffi::PyObject) {
    // SAFETY: CPython calls it once, when the last reference goes.
    unsafe {
        let sum_type = ffi::Py_TYPE(sum);
        if let Some(dealloc) = (*ptr::addr_of!(ffi::PyTuple_Type)).tp_dealloc {
            dealloc(sum);
        }
        ffi::Py_DECREF(sum_type as *mut ffi::PyObject);
    }
}

/// Sums are equal when their parts are; a sum never equals a tuple.
unsafe extern "C" fn sum_richcompare(
    sum: *mut ffi::PyObject,
    other: *mut ffi::PyObject,
    op: c_int,
) -> *mut ffi::PyObject {
    // SAFETY: CPython calls it with the interpreter held; `sum` is a sum.
    unsafe {
        let answer = match op {
            _ if has_sum_type(other) => match (*ptr::addr_of!(ffi::PyTuple_Type)).tp_richcompare {
                Some(compare) => return compare(sum, other, op),
                None => ffi::Py_NotImplemented(),
            },
            ffi::Py_EQ => ffi::Py_False(),
            ffi::Py_NE => ffi::Py_True(),
            _ => ffi::Py_NotImplemented(),
        };
        ffi::Py_INCREF(answer);
        answer
    }
}

/// A hash of the parts unlike the tuple's, so that `sum(a, b)` and
/// `(a, b)` seldom share a slot in a set.
unsafe extern "C" fn sum_hash(sum: *mut ffi::PyObject) -> ffi::Py_hash_t {
    // SAFETY: CPython calls it with the interpreter held; `sum` is a sum.
    unsafe {
        let mut hash: ffi::Py_hash_t = 0x5eed_5eed;
        for &part in parts(sum) {
            let part_hash = ffi::PyObject_Hash(part);
            if part_hash == -1 {
                return -1;
            }
            hash = hash.wrapping_mul(1_000_003) ^ part_hash;
        }
        if hash == -1 {
            -2
        } else {
            hash
        }
    }
}

/// `grundy.sum(1, 2)`.
unsafe extern "C" fn sum_repr(sum: *mut ffi::PyObject) -> *mut ffi::PyObject {
    // SAFETY: CPython calls it with the interpreter held; `sum` is a sum.
    unsafe {
        let py = Python::assume_attached();
        let sum = Bound::from_borrowed_ptr(py, sum);
        let shown: PyResult<Vec<String>> =
            sum.try_iter().and_then(|parts| parts.map(|part| Ok(part?.repr()?.to_string())).collect());
        match shown {
            Ok(shown) => PyString::new(py, &format!("grundy.sum({})", shown.join(", "))).into_ptr(),
            Err(error) => {
                error.restore(py);
                ptr::null_mut()
            }
        }
    }
}

/// `copy` and `pickle` rebuild a sum by calling `grundy.sum(*parts)` (a
/// tuple subclass would otherwise be rebuilt from one argument, the tuple).
unsafe extern "C" fn sum_reduce(sum: *mut ffi::PyObject, _: *mut ffi::PyObject) -> *mut ffi::PyObject {
    // SAFETY: CPython calls it with the interpreter held; `sum` is a sum.
    unsafe {
        let py = Python::assume_attached();
        let sum = Bound::from_borrowed_ptr(py, sum);
        let reduced = (|| -> PyResult<Bound<'_, PyTuple>> {
            let sum_function = py.import("grundy")?.getattr("sum")?;
            let parts = PyTuple::new(py, sum.try_iter()?.collect::<PyResult<Vec<_>>>()?)?;
            PyTuple::new(py, [sum_function, parts.into_any()])
        })();
        match reduced {
            Ok(reduced) => reduced.into_ptr(),
            Err(error) => {
                error.restore(py);
                ptr::null_mut()
            }
        }
    }
}

const SUM_DOC: &std::ffi::CStr =
    c"sum(*parts)\n--\n\nThe option that is the sum of the positions `parts`: a move that splits \
the game into independent parts. `grundy.sum()` is the empty sum (a move that ends play in this part). A sum is a \
tuple of its parts, but never equal to a plain tuple, so tuples stay free to be positions.";

/// Makes `grundy.Sum` and `grundy.sum` and adds them to `module`.
pub fn add_to(module: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = module.py();
    // Type and method tables must outlive the type and the function: they
    // are made once per process, and leaked.
    let methods: &'static mut [ffi::PyMethodDef; 2] = Box::leak(Box::new([
        ffi::PyMethodDef {
            ml_name: c"__reduce__".as_ptr(),
            ml_meth: ffi::PyMethodDefPointer { PyCFunction: sum_reduce },
            ml_flags: ffi::METH_NOARGS,
            ml_doc: ptr::null(),
        },
        ffi::PyMethodDef::zeroed(),
    ]));
    let mut slots = [
        ffi::PyType_Slot { slot: ffi::Py_tp_doc, pfunc: SUM_DOC.as_ptr() as *mut c_void },
        ffi::PyType_Slot { slot: ffi::Py_tp_new, pfunc: sum_new as *mut c_void },
        ffi::PyType_Slot { slot: ffi::Py_tp_dealloc, pfunc: sum_dealloc as *mut c_void },
        ffi::PyType_Slot { slot: ffi::Py_tp_richcompare, pfunc: sum_richcompare as *mut c_void },
        ffi::PyType_Slot { slot: ffi::Py_tp_hash, pfunc: sum_hash as *mut c_void },
        ffi::PyType_Slot { slot: ffi::Py_tp_repr, pfunc: sum_repr as *mut c_void },
        ffi::PyType_Slot { slot: ffi::Py_tp_methods, pfunc: methods.as_mut_ptr() as *mut c_void },
        ffi::PyType_Slot { slot: 0, pfunc: ptr::null_mut() },
    ];
    let mut spec = ffi::PyType_Spec {
        name: c"grundy.Sum".as_ptr(),
        // The tuple's layout: no fields of its own.
        basicsize: 0,
        itemsize: 0,
        flags: ffi::Py_TPFLAGS_DEFAULT as _,
        slots: slots.as_mut_ptr(),
    };
    let bases = PyTuple::new(py, [py.get_type::<PyTuple>()])?;
    // SAFETY: a valid spec; the result is a new reference or null with an
    // exception set.
    let sum_type =
        unsafe { Bound::from_owned_ptr_or_err(py, ffi::PyType_FromSpecWithBases(&mut spec, bases.as_ptr()))? };
    // The type lives as long as the process: this reference is never given back.
    SUM_TYPE.store(sum_type.clone().into_ptr() as *mut ffi::PyTypeObject, Ordering::Relaxed);
    module.add("Sum", sum_type)?;

    let function: &'static mut ffi::PyMethodDef = Box::leak(Box::new(ffi::PyMethodDef {
        ml_name: c"sum".as_ptr(),
        ml_meth: ffi::PyMethodDefPointer { PyCFunctionFast: sum_fastcall },
        ml_flags: ffi::METH_FASTCALL,
        ml_doc: SUM_DOC.as_ptr(),
    }));
    let module_name = PyString::new(py, "grundy");
    // SAFETY: a method table that lives forever; a new reference or null.
    let function = unsafe {
        Bound::from_owned_ptr_or_err(py, ffi::PyCFunction_NewEx(function, ptr::null_mut(), module_name.as_ptr()))?
    };
    module.add("sum", function)
}
