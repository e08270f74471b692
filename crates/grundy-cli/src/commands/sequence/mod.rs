//! `grundy sequence`: nim-values of heaps 0..N of a heap game.

mod hackenbush;

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;
use std::sync::atomic::Ordering;
use std::time::Instant;

use anyhow::{bail, Context, Result};
use grundy::nim::NimValue;
use grundy::sequence::{file, Periodicity, Proof, Values};
use grundy::solve::heap::{Algorithm, HeapGame, SequenceRun};
use grundy::solve::quotient::{misere_sequence_reaching, Limits, MisereSequence};
use grundy::LongRun;
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;

#[derive(Clone, Copy, clap::ValueEnum)]
pub enum Format {
    Text,
    Csv,
    Json,
    /// The compact binary sequence file (needs --output).
    Binary,
}

/// `--method`: `auto` (the fastest the game allows: running-count for Nim and all-but:S, else
/// rare-common for finite codes whose splits leave at most two heaps, else plain) or an
/// [`Algorithm`] by its name (`plain`, the test oracle; `rare-common`, the sparse space of
/// Winning Ways ch. 4; `running-count`, O(|S|) a heap).
#[derive(Clone, Copy, Debug)]
pub struct MethodChoice(Option<Algorithm>);

impl std::str::FromStr for MethodChoice {
    type Err = grundy::Error;
    fn from_str(text: &str) -> grundy::Result<Self> {
        Ok(MethodChoice(if text == "auto" { None } else { Some(text.parse()?) }))
    }
}

pub struct Request<'a> {
    pub game: &'a str,
    pub to: u64,
    pub method: MethodChoice,
    pub format: Format,
    pub output: Option<&'a Path>,
    pub checkpoint: Option<&'a Path>,
    pub misere: bool,
}

/// The heap game `description` names; a game of the registry that is no
/// heap game is told what `sequence` takes and where its values are.
/// How many heaps `0..=to` are, if this machine can index them.
fn heaps_through(to: u64) -> Result<usize> {
    usize::try_from(to)
        .ok()
        .and_then(|n| n.checked_add(1))
        .with_context(|| format!("--to {to} is past the largest heap this machine can index ({})", usize::MAX - 1))
}

fn heap_game(description: &str) -> Result<HeapGame> {
    let error = match HeapGame::parse(description) {
        Ok(game) => return Ok(game),
        Err(error) => error,
    };
    let name = description.split(':').next().unwrap_or_default().trim();
    if name == "hackenbush" {
        bail!("'{description}': a Hackenbush sequence is of a family: hackenbush:path, hackenbush:star or hackenbush:cycle");
    }
    if grundy::registry::find(description).is_ok_and(|entry| !entry.is_heap_game()) {
        bail!(
            "'{}' is not a heap game: `grundy sequence` takes take-and-break codes, the named heap games and \
             Hackenbush families; {}",
            description.trim(),
            where_its_values_are(description)
        );
    }
    Err(error.into())
}

/// Where the values of a game that is no heap game are found: the command
/// of its table, with the game's whole description and the coordinates
/// its positions have (tried on two cells: the registry knows the table,
/// not its shape), or else `grundy solve`.
fn where_its_values_are(description: &str) -> String {
    let game = match grundy::registry::game(description, &grundy::registry::RuleOptions::default()) {
        Ok(game) => game,
        Err(error) => return error.to_string(), // (a graph: where its file goes)
    };
    let tabulates = |columns: Option<std::ops::RangeInclusive<u64>>| game.table(0..=1, columns).is_ok();
    if tabulates(None) {
        format!("`grundy table {description} --rows 0..20` gives its values")
    } else if tabulates(Some(0..=1)) {
        format!("`grundy table {description} --rows 0..9 --cols 0..9` gives its values")
    } else {
        format!("`grundy solve {description} POSITION` values its positions")
    }
}

/// What an interrupted sequence or quotient kept, for its last message.
pub(crate) fn kept(checkpoint: Option<&Path>) -> String {
    match checkpoint {
        Some(path) => format!("saved to {}: run the same command again to continue", path.display()),
        None => "nothing saved (give --checkpoint FILE to make runs resumable)".to_string(),
    }
}

pub fn run(request: Request) -> Result<()> {
    if let Some(family) = hackenbush::family(request.game) {
        return hackenbush::run(family?, &request);
    }
    let game = heap_game(request.game)?;
    if request.misere {
        return run_misere(&game, &request);
    }
    let method = request.method.0.unwrap_or_else(|| Algorithm::best_for(&game));
    let len = heaps_through(request.to)?;
    if matches!(request.format, Format::Binary) && request.output.is_none() {
        bail!("--format binary writes a file: give it with --output FILE");
    }
    check_memory(len, 1)?;
    let mut run = SequenceRun::open(&game, method, request.checkpoint, len)?;
    if let (Some(resumed), Some(path)) = (run.resumed(), request.checkpoint) {
        eprintln!("grundy: resuming {} from {resumed} heaps in {}", game.description(), path.display());
    }
    check_memory(len, run.values().width())?;
    let resumed = run.values().len();

    let working = super::watch::working(format!("nim-values of {}", game.description()), true);
    // The time left appears once there is a rate to reckon it from (it
    // read "eta 0s" before the first heap).
    let style = |eta: &str| {
        ProgressStyle::with_template(&format!(
            "{{spinner}} heaps {{human_pos}}/{{human_len}} [{{bar:40}}] {{percent}}%{eta}"
        ))
        .expect("a valid template")
        .progress_chars("=> ")
    };
    let progress = ProgressBar::new(len as u64).with_style(style(""));
    progress.set_position(resumed.min(len) as u64);
    let mut rate_known = false;
    let started = Instant::now();
    let mut advance = |n: usize| {
        if !rate_known && n > resumed {
            rate_known = true;
            progress.set_style(style(" eta {eta}"));
        }
        progress.set_position(n as u64)
    };
    match LongRun::new(super::watch::watch().clone()).run(&mut run, &mut advance) {
        Err(grundy::Error::Interrupted) => {
            progress.abandon();
            return Err(super::watch::stopped(format!(
                "interrupted after {}; {}",
                heaps(run.values().len()),
                kept(request.checkpoint)
            )));
        }
        other => other?,
    }
    progress.finish_and_clear();
    drop(working);
    let elapsed = started.elapsed();
    let mut values = run.into_values();
    values.truncate(len);
    let periodicity = values.periodicity(game.octal_length());
    eprintln!(
        "grundy: {} of {} in {:.2?} ({} method)",
        heaps(len - resumed.min(len)),
        game.description(),
        elapsed,
        method
    );
    print(&game, &Printed::Stored(&values), periodicity.as_ref(), request.format, request.output, &Play::Normal)
}

/// Misère nim-values of heaps 0..N by [`grundy::solve::quotient::misere_sequence`]:
/// the tame genus where every heap is proven tame, else exact search of
/// sums up to heap 50 (misère values do not add), beyond it the misère
/// quotient of nim heaps together with the game's heaps, which is proven
/// final for many codes and then gives every heap, and where that fails
/// each heap's misère canonical form. The output says which method
/// decided. Past [`EXTEND_FROM`] heaps, values whose pattern is
/// proven are written from it. Ctrl-C stops it within a second, even in
/// the middle of a quotient's heap.
fn run_misere(game: &HeapGame, request: &Request) -> Result<()> {
    if request.checkpoint.is_some() || matches!(request.format, Format::Binary) {
        bail!("--misere runs are short: --checkpoint and --format binary are for normal-play sequences");
    }
    // (It was taken and ignored: misère values choose their own method.)
    if request.method.0.is_some() {
        bail!("--method applies to normal play; misère values choose their own method (the report says which)");
    }
    let len = heaps_through(request.to)?;
    let started = Instant::now();
    let working = super::watch::working(format!("misère values of {}", game.description()), true);
    // The first heaps first: where their pattern is proven for every heap
    // (a tame game's kinds, Nim, a final quotient), the rest are written
    // from it as they are printed, in memory that does not grow with --to.
    let mut first = None;
    if request.to > EXTEND_FROM {
        let (found, unreached) = misere_values(game, EXTEND_FROM)?;
        if unreached.is_some() {
            // No method reaches the first heaps: nor the rest.
            first = Some((found, unreached));
        } else if let Some(pattern) = found.periodicity.as_ref().filter(|p| p.proven()) {
            if pattern.value_at(&found.values, len - 1).is_some() {
                drop(working);
                eprintln!(
                    "grundy: misère values of {} of {} in {:.2?} (heaps past {EXTEND_FROM} by the proven pattern)",
                    heaps(len),
                    game.description(),
                    started.elapsed()
                );
                let pattern = Periodicity { computed_through: len - 1, ..pattern.clone() };
                let values = Printed::Extended { known: &found.values, pattern: &pattern, len };
                return print(
                    game,
                    &values,
                    Some(&pattern),
                    request.format,
                    request.output,
                    &Play::Misere(found.method.clone()),
                );
            }
        }
    }
    // Each heap's misère value (8 bytes) and its copy narrowed for printing
    // (up to 4): a finite code keeps its heaps' kinds only up to their
    // proven period, and Nim's values need none. A game with an infinite
    // tail (all-but) keeps every heap's kind and the marks of its options'
    // values as well: 44 bytes a heap in all, measured (`all-but:1,3` to
    // 10^7 peaked at 443 MB).
    let infinite_tail = game.tail() != 0 && !grundy::solve::quotient::misere_nim_proven(game);
    check_memory(len, if infinite_tail { 48 } else { 12 })?;
    // Past exact search a wild game needs its quotient or its canonical
    // forms; where both fail, the heaps that the furthest method proves are
    // still printed, and the run fails saying why it stopped there (they
    // took the same time to find).
    let (found, unreached) = match first {
        Some(first) => first,
        None => misere_values(game, request.to)?,
    };
    let MisereSequence { values, method, periodicity } = found;
    // Narrowed to the sequence's width while still watching: a billion
    // values take seconds, and a stop asked for then is still a stop, not
    // gigabytes of output after it.
    let interrupted = super::watch::static_flag();
    let mut narrow = Values::new();
    for (heap, &value) in values.iter().enumerate() {
        if heap % (1 << 20) == 0 && interrupted.load(Ordering::SeqCst) {
            return Err(misere_interrupted());
        }
        let value = u32::try_from(value).context("a misère value past 2^32 cannot be printed")?;
        narrow.push(value)?;
    }
    drop((values, working));
    let values = narrow;
    eprintln!(
        "grundy: misère values of {} of {} in {:.2?}",
        heaps(values.len()),
        game.description(),
        started.elapsed()
    );
    print(
        game,
        &Printed::Stored(&values),
        periodicity.as_ref(),
        request.format,
        request.output,
        &Play::Misere(method),
    )?;
    match unreached {
        Some(error) => bail!("only heaps 0..{} are written: {error:#}", values.len().saturating_sub(1)),
        None => Ok(()),
    }
}

/// How many heaps' misère values a long run computes before it tries to
/// write the rest from their proven pattern.
const EXTEND_FROM: u64 = 1 << 16;

/// The misère values of heaps `0..=to` ([`misere_sequence_reaching`]: as
/// far as a method reaches, and why not further), with a spinner naming
/// the heap at work; Ctrl-C stops it.
fn misere_values(game: &HeapGame, to: u64) -> Result<(MisereSequence, Option<grundy::Error>)> {
    let interrupted = super::watch::static_flag();
    let progress = super::watch::spinner_line(std::time::Duration::ZERO);
    let limits = Limits { interrupt: Some(interrupted), ..Limits::default() };
    let found = misere_sequence_reaching(game, to, limits, |heap| {
        progress.set_message(format!("misère values: heap {heap}"));
        progress.tick();
        interrupted.load(Ordering::SeqCst)
    });
    progress.finish_and_clear();
    match found {
        Err(grundy::Error::Interrupted) => Err(misere_interrupted()),
        found => Ok(found?),
    }
}

fn misere_interrupted() -> anyhow::Error {
    super::watch::stopped("interrupted; nothing is saved (--misere runs keep no checkpoint)".to_string())
}

/// The values [`print`] writes: stored, or the first heaps' and a proven
/// pattern that gives every other heap's.
enum Printed<'a> {
    Stored(&'a Values),
    Extended { known: &'a [NimValue], pattern: &'a Periodicity, len: usize },
}

impl Printed<'_> {
    fn len(&self) -> usize {
        match self {
            Printed::Stored(values) => values.len(),
            Printed::Extended { len, .. } => *len,
        }
    }

    /// The values in order. (Ctrl-C while they are written ends the
    /// process at once: the work is done, nothing is left to save.)
    fn iter(&self) -> Box<dyn Iterator<Item = u64> + '_> {
        match self {
            Printed::Stored(values) => Box::new(values.iter().map(u64::from)),
            Printed::Extended { known, pattern, len } => {
                Box::new((0..*len).map(|n| pattern.value_at(known, n).expect("a proven pattern past the known heaps")))
            }
        }
    }
}

/// Refuses runs whose values would not fit in memory, before starting:
/// `width` bytes a heap (values are stored in the narrowest width that holds
/// them, from one byte; a run whose values outgrow it widens later, and says
/// so if memory runs out then).
fn check_memory(len: usize, width: usize) -> Result<()> {
    let needed = len as u64 * width as u64;
    if let Some(available) = grundy::available_memory() {
        if needed > available {
            bail!(
                "heaps 0..{} need at least {:.1} GB for their values ({width} byte{} a heap), but only {:.1} GB of memory is available",
                len - 1,
                needed as f64 / 1e9,
                if width == 1 { "" } else { "s" },
                available as f64 / 1e9
            );
        }
    }
    Ok(())
}

fn print(
    game: &HeapGame,
    values: &Printed,
    periodicity: Option<&Periodicity>,
    format: Format,
    output: Option<&Path>,
    play: &Play,
) -> Result<()> {
    if let (Format::Binary, Printed::Stored(values)) = (format, values) {
        return file::write(output.expect("checked above"), game.description(), values).map_err(Into::into);
    }
    // Streamed, not built in memory: a run to 2^30 heaps is gigabytes of text.
    let sink: Box<dyn Write> = match output {
        Some(path) => Box::new(File::create(path).with_context(|| format!("cannot write {}", path.display()))?),
        None => Box::new(std::io::stdout().lock()),
    };
    let mut out = BufWriter::with_capacity(1 << 20, sink);
    match format {
        Format::Binary => bail!("--format binary writes stored values"),
        Format::Json => {
            let method = match play {
                Play::Normal => None,
                Play::Misere(method) => Some(method.as_str()),
            };
            let sequence = SequenceJson {
                game: game.description(),
                play: play.name(),
                method,
                values,
                periodicity,
                summary: None,
            };
            serde_json::to_writer(&mut out, &sequence)?;
            writeln!(out)?;
        }
        Format::Csv => {
            writeln!(out, "heap,nim_value")?;
            for (n, v) in values.iter().enumerate() {
                writeln!(out, "{n},{v}")?;
            }
        }
        Format::Text => {
            writeln!(out, "{}: {} of heaps 0..{}", game.description(), play.what(), values.len() - 1)?;
            if let Play::Misere(method) = play {
                writeln!(out, "decided by: {method}")?;
            }
            let width = values.len().to_string().len();
            for (n, v) in values.iter().enumerate() {
                if n % 20 == 0 {
                    write!(out, "{}{:>width$}:", if n == 0 { "" } else { "\n" }, n)?;
                }
                write!(out, " {v}")?;
            }
            writeln!(out)?;
            writeln!(out, "{}", describe(periodicity))?;
        }
    }
    out.flush().context("cannot write the sequence")
}

/// A sequence as `grundy sequence --json` prints it and `/api/sequence`
/// answers it: one shape, so both write the same keys in the same order.
#[derive(Serialize)]
pub(crate) struct SequenceJson<'a, V: Serialize> {
    pub game: &'a str,
    /// `normal` or `misere`.
    pub play: &'static str,
    /// How the misère values were decided (absent in normal play).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub method: Option<&'a str>,
    pub values: V,
    pub periodicity: Option<&'a Periodicity>,
    /// The periodicity in words, as the text format ends ([`describe`]):
    /// the server's page shows it; the command line prints it only as text.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub summary: Option<String>,
}

/// Written as the values go by: a run to 2^30 heaps is gigabytes of text.
impl Serialize for Printed<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

/// Which values a sequence holds, and for misère play how they were found.
enum Play {
    Normal,
    Misere(String),
}

impl Play {
    fn name(&self) -> &'static str {
        match self {
            Play::Normal => "normal",
            Play::Misere(_) => "misere",
        }
    }

    fn what(&self) -> &'static str {
        match self {
            Play::Normal => "nim-values",
            Play::Misere(_) => "misère nim-values",
        }
    }
}

pub(crate) fn describe(periodicity: Option<&Periodicity>) -> String {
    let Some(p) = periodicity else {
        return "periodicity: none found in the values computed".to_string();
    };
    let kind = if p.saltus == 0 { "periodic".to_string() } else { format!("arithmetic periodic, saltus {}", p.saltus) };
    let exception = if p.preperiod == 0 {
        "no exceptions".to_string()
    } else {
        format!("last exception at heap {}", p.preperiod - 1)
    };
    match &p.proof {
        Proof::OctalTheorem { .. }
        | Proof::MisereQuotient { .. }
        | Proof::TameGenus { .. }
        | Proof::MisereNim { .. } => {
            format!("periodicity: PROVEN {kind}, period {}, {exception}\nproof: {}", p.period, p.proof)
        }
        Proof::Conjecture { why } => format!(
            "periodicity: conjecture — {kind}, period {}, {exception}, seen through heap {} but not proven ({why})",
            p.period, p.computed_through
        ),
    }
}

/// "1 heap", "7 heaps".
fn heaps(count: usize) -> String {
    format!("{count} heap{}", if count == 1 { "" } else { "s" })
}
