//! Misère play: the player who makes the last move loses.
//!
//! Misère values do not add the way nim-values do, so there are two ways to
//! decide a misère sum:
//!
//! - **exact search** of the sum as one position ([`misere_nim_value`],
//!   [`misere_outcome_by_search`]), which is right for every finite game but
//!   costs time exponential in the number of components;
//! - the **anti-SG criterion** ([`anti_sg_outcome`]): the first player wins
//!   iff either the nim-sum is non-zero and some component has nim-value
//!   above 1, or the nim-sum is zero and no component has. It is misère
//!   Nim's rule (Bouton 1902), and it decides a sum correctly whenever every
//!   component — and every position it can reach — plays in misère like the
//!   nim heap of its nim-value, that is, has genus `0^120`, `1^031` or
//!   `g^{g,g⊕2,…}` (Conway, ONAG ch. 12; Jia Zhihao's SJ theorem states the
//!   same condition as "the game ends when every component has value 0").
//!   Nim heaps qualify; a game marks itself with [`NimHeapGenus`](crate::game::NimHeapGenus).
//!
//! The criterion is **not** valid in general. A component equal to
//! `*2 + *2` has nim-value 0 and no component above 1 in sight, so anti-SG
//! says "first player wins", yet misère `*2 + *2` is a second-player win.
//! [`misere_outcome_of_sum`] therefore only takes the shortcut for
//! [`NimHeapGenus`](crate::game::NimHeapGenus) games.
//!
//! The folder holds the theory of misère play, one idea a file: the misère
//! rule on whole positions (`rule.rs`), the genus and tame sums
//! (`genus.rs`), sums decided by the best method available
//! (`analysis.rs`) and misère canonical forms (`canonical/`). Misère
//! quotients of heap games are [`crate::solve::quotient`]'s.

mod analysis;
pub mod canonical;
pub mod genus;
pub mod kayles;
mod rule;

pub use analysis::{analyse_misere_sum, MisereAnalysis, MisereMove, MisereSums};
pub use rule::{
    anti_sg_outcome, misere_nim_value, misere_nim_values, misere_outcome_by_search, misere_outcome_of_sum, AntiSg,
    MiserePlay,
};
