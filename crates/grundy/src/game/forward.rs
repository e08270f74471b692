//! A reference to a game, a `Box` or an `Arc` of one, is the same game.
//!
//! Solvers own the game they solve ([`crate::solve::Search`] holds a `G`),
//! so that a solved game and its memo can be kept, moved to another thread
//! or stored in a long-lived object. These impls let a caller choose what
//! `G` is: `&Nim` to borrow (the common case in a function), `Nim` or
//! `Arc<Nim>` to own or share. Every capability is forwarded, so a borrowed
//! game unlocks the same solvers as the game itself.

use std::sync::Arc;

use super::{ClosedForm, ClosedOutcome, Convention, Decompose, Game, Goal, Indexed, NimHeapGenus, Options, Outcome};
use crate::nim::NimValue;

macro_rules! forward {
    ($($pointer:ty),*) => {$(
        impl<G: Game + ?Sized> Game for $pointer {
            type Position = G::Position;
            #[inline]
            fn options(&self, position: &G::Position, options: &mut Options<G::Position>) {
                (**self).options(position, options)
            }
            #[inline]
            fn can_move(&self, position: &G::Position) -> bool {
                (**self).can_move(position)
            }
        }

        impl<G: Decompose + ?Sized> Decompose for $pointer {
            #[inline]
            fn components(&self, position: &G::Position, components: &mut Vec<G::Position>) {
                (**self).components(position, components)
            }
        }

        impl<G: Indexed + ?Sized> Indexed for $pointer {
            #[inline]
            fn index(&self, position: &G::Position) -> usize {
                (**self).index(position)
            }
            #[inline]
            fn position(&self, index: usize) -> G::Position {
                (**self).position(index)
            }
        }

        impl<G: ClosedForm + ?Sized> ClosedForm for $pointer {
            #[inline]
            fn closed_nim_value(&self, position: &G::Position) -> NimValue {
                (**self).closed_nim_value(position)
            }
            fn options_of_value(&self, position: &G::Position, value: NimValue) -> Option<Vec<G::Position>> {
                (**self).options_of_value(position, value)
            }
        }

        impl<G: ClosedOutcome + ?Sized> ClosedOutcome for $pointer {
            fn closed_play(&self) -> Convention {
                (**self).closed_play()
            }
            fn closed_outcome(&self, position: &G::Position) -> Option<Outcome> {
                (**self).closed_outcome(position)
            }
            fn closed_best_moves(&self, position: &G::Position) -> Option<Vec<G::Position>> {
                (**self).closed_best_moves(position)
            }
            fn closed_outcome_note(&self) -> String {
                (**self).closed_outcome_note()
            }
        }

        impl<G: Goal + ?Sized> Goal for $pointer {
            #[inline]
            fn stuck_outcome(&self, position: &G::Position) -> Outcome {
                (**self).stuck_outcome(position)
            }
        }

        impl<G: NimHeapGenus + ?Sized> NimHeapGenus for $pointer {}
    )*};
}

forward!(&G, Box<G>, Arc<G>);
