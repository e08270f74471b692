//! The distributed search against the search on one process, with the
//! processes played by threads that pass each other messages in queues
//! (the same protocol as over MPI, without MPI).

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use super::message::{Counts, Message, Reply};
use super::{check_shares, nim_value, share_path, Plan, Tally, Transport};
use crate::catalogue::{Cram, CramBoard};
use crate::error::Error;
use crate::solve::pruned::root::Answer;
use crate::solve::pruned::transposition::{Entry, Knowledge, TableHandle};
use crate::solve::pruned::{CompactKey, PrunedSearch};
use crate::testing::Xorshift;

/// The messages waiting for one process: each with its sender.
type Queue = Mutex<VecDeque<(usize, Vec<u8>)>>;

/// Processes as threads: process p's messages wait in `queues[p]`; it
/// plays a process on machine `machines[p]` (the first process there).
#[derive(Debug)]
struct Local {
    rank: usize,
    queues: Arc<Vec<Queue>>,
    machines: Vec<usize>,
}

impl Transport for Local {
    fn rank(&self) -> usize {
        self.rank
    }

    fn size(&self) -> usize {
        self.queues.len()
    }

    fn send(&self, to: usize, bytes: &[u8]) -> crate::error::Result<()> {
        self.queues[to].lock().unwrap().push_back((self.rank, bytes.to_vec()));
        Ok(())
    }

    fn receive(&self, _: &std::sync::atomic::AtomicBool) -> crate::error::Result<Option<(usize, Vec<u8>)>> {
        Ok(self.queues[self.rank].lock().unwrap().pop_front())
    }

    fn machines(&self) -> Vec<usize> {
        self.machines.clone()
    }
}

/// Processes on machines: `machines[p]` is the first process on process
/// `p`'s machine.
fn cluster(machines: &[usize]) -> Vec<Local> {
    let queues = Arc::new(machines.iter().map(|_| Mutex::new(VecDeque::new())).collect::<Vec<_>>());
    (0..machines.len()).map(|rank| Local { rank, queues: Arc::clone(&queues), machines: machines.to_vec() }).collect()
}

/// How `processes` processes may sit on machines: each on its own (no
/// table shared), all on one, and the first two on one with the others
/// alone (whether a machine's processes share a table is the plan's).
fn layouts(processes: usize) -> Vec<Vec<usize>> {
    let mut layouts =
        vec![(0..processes).collect(), vec![0; processes], (0..processes).map(|p| if p < 2 { 0 } else { p }).collect()];
    layouts.dedup();
    layouts
}

/// The nim-value of `board` found by `processes` threads playing processes,
/// each alone on its machine, and process 0's tally; `setup` fails on the
/// processes it names.
fn distributed(
    board: &CramBoard,
    processes: usize,
    plan: &Plan,
    failing: &[usize],
) -> crate::error::Result<(u8, Tally)> {
    distributed_on(board, &(0..processes).collect::<Vec<_>>(), plan, failing, None)
}

/// [`distributed`] on processes on `machines`, with process `p` interrupted (as by a signal) after
/// `delay` if `interrupt` is `Some((p, delay))`. Every message sent has been
/// received when the processes end (MPI's end would wait for any left).
fn distributed_on(
    board: &CramBoard,
    machines: &[usize],
    plan: &Plan,
    failing: &[usize],
    interrupt: Option<(usize, std::time::Duration)>,
) -> crate::error::Result<(u8, Tally)> {
    let processes = machines.len();
    let transports = cluster(machines);
    let flags: Vec<_> = (0..processes).map(|_| Arc::new(std::sync::atomic::AtomicBool::new(false))).collect();
    let found = std::thread::scope(|scope| {
        if let Some((p, delay)) = interrupt {
            let flag = Arc::clone(&flags[p]);
            scope.spawn(move || {
                std::thread::sleep(delay);
                flag.store(true, std::sync::atomic::Ordering::Relaxed);
            });
        }
        let runs: Vec<_> = transports
            .iter()
            .zip(&flags)
            .map(|(transport, flag)| {
                scope.spawn(move || {
                    let search = PrunedSearch::with_memory(&Cram, 1 << 22).with_interrupt(Arc::clone(flag));
                    let setup = match failing.contains(&transport.rank) {
                        true => Err(Error::InvalidPosition("a damaged share".into())),
                        false => Ok(()),
                    };
                    nim_value(&search, transport, board, setup, plan, None)
                })
            })
            .collect();
        let mut results: Vec<_> = runs.into_iter().map(|r| r.join().unwrap()).collect();
        for (rank, result) in results.iter().enumerate().skip(1) {
            match (&results[0], result) {
                (Ok((v, _)), Ok((w, tally))) => {
                    assert_eq!(v, w, "process {rank} ends with the value");
                    assert_eq!(*tally, Tally::default(), "only process 0 has the tally");
                }
                (Err(e), Err(f)) => assert_eq!(e, f, "process {rank} ends with process 0's error"),
                (a, b) => panic!("process 0 ended with {a:?}, process {rank} with {b:?}"),
            }
        }
        results.swap_remove(0)
    });
    for (rank, queue) in transports[0].queues.iter().enumerate() {
        let left = queue.lock().unwrap().len();
        assert_eq!(left, 0, "process {rank} left {left} messages unreceived ({found:?})");
    }
    found
}

fn random_cram(rng: &mut Xorshift) -> CramBoard {
    let (rows, cols) = (2 + rng.below(3) as u32, 3 + rng.below(4) as u32);
    let mut board = Cram.rectangle(rows, cols).unwrap();
    for _ in 0..rng.below(4) {
        board.empty &= !(1 << rng.below(rows as u64 * cols as u64));
    }
    board
}

#[test]
fn processes_agree_with_one_search_on_random_boards() {
    let mut rng = Xorshift::new(27);
    for _ in 0..40 {
        let board = random_cram(&mut rng);
        let expected = PrunedSearch::with_memory(&Cram, 1 << 22).nim_value(&board).unwrap();
        for processes in 1..=4 {
            for share_table in [None, Some(true)] {
                let plan = Plan { help: processes == 3, share_table, ..Plan::default() };
                for machines in layouts(processes) {
                    let (value, tally) = distributed_on(&board, &machines, &plan, &[], None).unwrap();
                    let text = board.to_text();
                    assert_eq!(value, expected, "{text} on machines {machines:?}, sharing {share_table:?}");
                    assert_eq!(tally.processes.len(), processes);
                }
            }
        }
    }
}

#[test]
fn processes_agree_on_boards_with_long_root_questions() {
    // Questions of thousands of positions: several in flight at once, some
    // abandoned by another's "yes", entries shared while they run.
    for text in ["3x7", "3x9", "5x5", "4x7"] {
        let board = Cram.parse(text).unwrap();
        let expected = PrunedSearch::with_memory(&Cram, 1 << 22).nim_value(&board).unwrap();
        // (The default shares only what took some work to learn; one run
        // shares every entry.)
        for (processes, help, share_work) in [(2, false, 4), (3, true, 0), (4, false, 4)] {
            let plan = Plan { help, share_work, ..Plan::default() };
            for machines in layouts(processes) {
                let (value, tally) = distributed_on(&board, &machines, &plan, &[], None).unwrap();
                assert_eq!(value, expected, "{text} on processes on machines {machines:?}");
                assert!(tally.nodes() > 0 && tally.messages() > 0, "{text}: {tally:?}");
            }
        }
    }
}

#[test]
fn a_sum_of_boards_is_the_nim_sum_of_their_values() {
    // Two regions: two root components, searched one after the other.
    let board = Cram.parse("....#..../....#..../....#....").unwrap();
    let expected = PrunedSearch::with_memory(&Cram, 1 << 22).nim_value(&board).unwrap();
    for machines in layouts(3) {
        assert_eq!(distributed_on(&board, &machines, &Plan::default(), &[], None).unwrap().0, expected);
    }
}

#[test]
fn processes_on_one_machine_share_their_table_and_send_no_entries() {
    let board = Cram.parse("4x7").unwrap();
    let expected = PrunedSearch::with_memory(&Cram, 1 << 22).nim_value(&board).unwrap();
    let run = |machines: &[usize], share_table| {
        let (value, tally) =
            distributed_on(&board, machines, &Plan { share_table, ..Plan::default() }, &[], None).unwrap();
        assert_eq!(value, expected, "machines {machines:?}, sharing {share_table:?}");
        tally
    };
    // Three on a machine share by default (SHARE_FROM); the table is
    // counted once, by the process that made it.
    let tally = run(&[0, 0, 0], None);
    assert_eq!(tally.entries_sent(), 0, "{tally:?}");
    assert!(tally.processes[0].table_capacity > 0 && tally.processes[1].table_capacity == 0, "{tally:?}");
    // Two do when told to; by default each keeps its own and sends entries.
    assert_eq!(run(&[0, 0], Some(true)).entries_sent(), 0);
    let tally = run(&[0, 0], None);
    assert!(tally.entries_sent() > 0 && tally.processes.iter().all(|c| c.table_capacity > 0), "{tally:?}");
    // A machine that shares and a process alone: entries go between them.
    assert!(run(&[0, 0, 0, 3], None).entries_sent() > 0);
    assert!(run(&[0, 0, 2, 2], Some(true)).entries_sent() > 0);
    // Told not to, three keep a table each.
    let tally = run(&[0, 0, 0], Some(false));
    assert!(tally.processes.iter().all(|c| c.table_capacity > 0), "{tally:?}");
}

#[test]
fn a_process_that_fails_to_set_up_stops_every_process() {
    let board = Cram.rectangle(3, 4).unwrap();
    let error = distributed(&board, 3, &Plan::default(), &[2]).unwrap_err();
    assert_eq!(error, Error::Cluster("process 2: a damaged share".into()));
    let error = distributed(&board, 2, &Plan::default(), &[0, 1]).unwrap_err();
    assert_eq!(error, Error::Cluster("process 0: a damaged share".into()));
    // Three on one machine (sharing a table): a failing first process or another.
    for failing in [0, 2] {
        let error = distributed_on(&board, &[0, 0, 0], &Plan::default(), &[failing], None).unwrap_err();
        assert_eq!(error, Error::Cluster(format!("process {failing}: a damaged share")));
    }
}

#[test]
fn an_interrupted_process_stops_every_process_and_leaves_no_message() {
    // Cram 3×13 takes about half a second of search: the interrupt comes
    // while questions are under way and entries in flight, on process 0
    // (which stops the others) or on another (which asks process 0 to).
    let board = Cram.rectangle(3, 13).unwrap();
    for (machines, interrupted) in [(vec![0, 1], 0), (vec![0, 1], 1), (vec![0, 1, 2], 2), (vec![0, 0, 0], 1)] {
        let delay = std::time::Duration::from_millis(50);
        let found = distributed_on(&board, &machines, &Plan::default(), &[], Some((interrupted, delay)));
        assert_eq!(found.unwrap_err(), Error::Interrupted, "machines {machines:?}, process {interrupted}");
    }
}

#[test]
fn a_process_whose_leader_is_gone_ends_when_stopped() {
    // Process 0 answers the setting up and then says nothing more, as one
    // killed would: the other process, stopped, asks it to stop every
    // process, hears nothing, and ends after the grace of a stop instead of
    // listening for ever (mpirun kills a job's processes 2 s after one
    // dies, and this one still has its share to save).
    let mut transports = cluster(&[0, 1]);
    let (follower, leader) = (transports.pop().unwrap(), transports.pop().unwrap());
    let flag = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let (done, ended) = std::sync::mpsc::channel();
    let interrupt = Arc::clone(&flag);
    std::thread::spawn(move || {
        let search = PrunedSearch::with_memory(&Cram, 1 << 22).with_interrupt(interrupt);
        let board = Cram.rectangle(4, 9).unwrap();
        let _ = done.send(nim_value(&search, &follower, &board, Ok(()), &Plan::default(), None));
    });
    let quiet = std::sync::atomic::AtomicBool::new(false);
    let ready = loop {
        if let Some((from, bytes)) = leader.receive(&quiet).unwrap() {
            break Message::<CompactKey>::decode(&bytes, from).unwrap();
        }
        std::thread::yield_now();
    };
    assert!(matches!(ready, Message::Ready(None)), "{ready:?}");
    leader.send(1, &Message::<CompactKey>::Verdict(None).encode()).unwrap();
    std::thread::sleep(std::time::Duration::from_millis(50));
    flag.store(true, std::sync::atomic::Ordering::Relaxed);
    // Not a benchmark: the grace is half a second; a process listening for
    // ever fails here.
    let found = ended.recv_timeout(std::time::Duration::from_secs(10)).expect("the process ended after its stop");
    assert_eq!(found.unwrap_err(), Error::Interrupted);
    let sent: Vec<_> = std::iter::from_fn(|| leader.receive(&quiet).unwrap())
        .map(|(from, bytes)| Message::<CompactKey>::decode(&bytes, from).unwrap())
        .collect();
    assert!(sent.iter().any(|m| matches!(m, Message::Stop(None))), "it asked process 0 to stop: {sent:?}");
}

#[test]
fn messages_survive_their_bytes() {
    let entry = |v| Entry { key: CompactKey::new(7 << 40 | v as u128), knowledge: Knowledge::Exact(v), priority: 30 };
    let messages: Vec<Message<CompactKey>> = vec![
        Message::Ready(None),
        Message::Verdict(Some("process 2: no".into())),
        Message::Ask { id: 9, component: 1, option: 17, k: 3, reversed: true },
        Message::Abandon { id: 9 },
        Message::Reply { id: 9, reply: Reply::Answer(Answer::Other(4)) },
        Message::Reply { id: 10, reply: Reply::Failed("too large".into()) },
        Message::Entries(vec![entry(1), entry(2)]),
        Message::Decided { component: 0, value: 5 },
        Message::Counts(Counts { nodes: 1, table_entries: 2, table_capacity: 3, messages: 4, entries_sent: 5 }),
        Message::Finish { value: 2 },
        Message::Final { counts: Counts::default(), sent_to: vec![0, 4, 5] },
        Message::Done { expected: 12 },
        Message::Stop(None),
        Message::Table(None),
        Message::Table(Some(TableHandle { pid: 4321, fd: 7, bytes: 1 << 24 })),
    ];
    for message in messages {
        let bytes = message.encode();
        assert_eq!(Message::decode(&bytes, 1).unwrap(), message);
        // Cut short, or with a byte too many: damaged, never misread.
        assert!(Message::<CompactKey>::decode(&bytes[..bytes.len() - 1], 1).is_err());
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(Message::<CompactKey>::decode(&longer, 1).is_err());
    }
}

#[test]
fn shares_of_another_number_of_processes_are_refused() {
    let directory = std::env::temp_dir().join(format!("grundy-shares-{}", std::process::id()));
    std::fs::create_dir_all(&directory).unwrap();
    let path = directory.join("cram.ckpt");
    assert!(check_shares(&path, 3).is_ok(), "nothing saved yet");
    for rank in 0..3 {
        std::fs::write(share_path(&path, rank, 3), "x").unwrap();
    }
    assert!(check_shares(&path, 3).is_ok());
    let error = check_shares(&path, 4).unwrap_err().to_string();
    assert!(
        error.contains("cram.ckpt.0-of-3 is a share of a search on 3 processes, and this one runs on 4"),
        "{error}"
    );
    assert!(check_shares(&path, 1).unwrap_err().to_string().contains("mpirun -np 3"));
    for rank in 0..3 {
        std::fs::remove_file(share_path(&path, rank, 3)).unwrap();
    }
    std::fs::write(&path, "x").unwrap();
    assert!(check_shares(&path, 1).is_ok());
    assert!(check_shares(&path, 2).unwrap_err().to_string().contains("written by a search on one process"));
    std::fs::remove_dir_all(&directory).unwrap();
}
