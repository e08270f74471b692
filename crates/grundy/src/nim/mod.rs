//! Nim arithmetic: the numbers that Sprague–Grundy theory computes with.
//!
//! Every finite impartial game under normal play is equivalent to a nim heap
//! `*g`; `g` is the position's *nim-value*. Nim-values of a sum add with the
//! *nim-sum* (bitwise XOR), and the value of a position is the *mex* (minimum
//! excludant) of its options' values. Nim multiplication turns the
//! non-negative integers into a field of characteristic two (Conway, ONAG
//! ch. 6); it values product games (the Tartan theorem, Winning Ways ch. 14).

mod arithmetic;
mod mex;

pub use arithmetic::{nim_inverse, nim_product, nim_sum};
pub use mex::mex;

/// A nim-value (Sprague–Grundy value): the size of the nim heap a position equals.
pub type NimValue = u64;
