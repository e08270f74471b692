//! What the processes of a distributed search say to each other, and its
//! bytes.
//!
//! A message is a tag byte and fixed-width little-endian fields; a string
//! (an error) is its length (4 bytes) and UTF-8 bytes; a batch of table
//! entries is their number, then each key's length (2 bytes), its bytes
//! ([`Key::encode`]) and the checkpoint's data word (the knowledge, the
//! priority and a check of the key: a damaged entry is refused, as a
//! damaged checkpoint's is).

use super::super::checkpoint::{data_word, from_data_word};
use super::super::key::Key;
use super::super::root::Answer;
use super::super::transposition::{Entry, TableHandle};
use crate::error::{Error, Result};

/// A process's counters, sent to process 0 for progress and at the end.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Positions its search expanded.
    pub nodes: u64,
    /// Entries its table holds (approximately), and can hold.
    pub table_entries: u64,
    pub table_capacity: u64,
    /// Messages it sent, and the table entries among them.
    pub messages: u64,
    pub entries_sent: u64,
}

/// How a question asked of a process ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// The option's answer.
    Answer(Answer),
    /// Stopped because process 0 said the answer no longer matters.
    Abandoned,
    /// Stopped by the process's own interrupt (Ctrl-C, a signal).
    Interrupted,
    /// The search failed there (the error's message).
    Failed(String),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Message<K> {
    /// r → 0: the process is set up (its checkpoint loaded), or why not.
    Ready(Option<String>),
    /// 0 → r: whether every process is set up (else the first failure).
    Verdict(Option<String>),
    /// 0 → r: ask option `option` of the root of component `component`
    /// "is your value k?"; `reversed`: taking its options last to first.
    Ask { id: u64, component: u32, option: u32, k: u8, reversed: bool },
    /// 0 → r: the answer to question `id` no longer matters.
    Abandon { id: u64 },
    /// r → 0: how question `id` ended.
    Reply { id: u64, reply: Reply },
    /// r → every other: what its search learnt of big components.
    Entries(Vec<Entry<K>>),
    /// 0 → r: the nim-value of root component `component`.
    Decided { component: u32, value: u8 },
    /// r → 0: the counters now (for progress).
    Counts(Counts),
    /// 0 → r: the search is over; the position's nim-value.
    Finish { value: u8 },
    /// r → 0, the answer to `Finish` and r's last message: its final
    /// counters, and how many messages it sent each process.
    Final { counts: Counts, sent_to: Vec<u64> },
    /// 0 → r: how many messages r is sent in all, so that it leaves none
    /// unreceived (MPI holds a buffered send until it is received).
    Done { expected: u64 },
    /// 0 → r, or r → 0: stop now; why (`None`: interrupted).
    Stop(Option<String>),
    /// The first process on a machine → the others there, setting up:
    /// where the table they share is (`None`: each keeps its own).
    Table(Option<TableHandle>),
}

impl<K: Key> Message<K> {
    pub fn encode(&self) -> Vec<u8> {
        let mut out = Vec::new();
        let text = |out: &mut Vec<u8>, text: &Option<String>| match text {
            None => out.push(0),
            Some(text) => {
                out.push(1);
                out.extend_from_slice(&(text.len() as u32).to_le_bytes());
                out.extend_from_slice(text.as_bytes());
            }
        };
        let counts = |out: &mut Vec<u8>, c: &Counts| {
            for n in [c.nodes, c.table_entries, c.table_capacity, c.messages, c.entries_sent] {
                out.extend_from_slice(&n.to_le_bytes());
            }
        };
        match self {
            Message::Ready(error) => {
                out.push(0);
                text(&mut out, error);
            }
            Message::Verdict(error) => {
                out.push(1);
                text(&mut out, error);
            }
            Message::Ask { id, component, option, k, reversed } => {
                out.push(2);
                out.extend_from_slice(&id.to_le_bytes());
                out.extend_from_slice(&component.to_le_bytes());
                out.extend_from_slice(&option.to_le_bytes());
                out.push(*k);
                out.push(u8::from(*reversed));
            }
            Message::Abandon { id } => {
                out.push(3);
                out.extend_from_slice(&id.to_le_bytes());
            }
            Message::Reply { id, reply } => {
                out.push(4);
                out.extend_from_slice(&id.to_le_bytes());
                match reply {
                    Reply::Answer(Answer::Hit) => out.push(0),
                    Reply::Answer(Answer::Other(v)) => out.extend_from_slice(&[1, *v]),
                    Reply::Answer(Answer::NotK) => out.push(2),
                    Reply::Abandoned => out.push(3),
                    Reply::Interrupted => out.push(4),
                    Reply::Failed(why) => {
                        out.push(5);
                        text(&mut out, &Some(why.clone()));
                    }
                }
            }
            Message::Entries(entries) => {
                out.push(5);
                out.extend_from_slice(&(entries.len() as u32).to_le_bytes());
                let mut bytes = Vec::new();
                for entry in entries {
                    bytes.clear();
                    entry.key.encode(&mut bytes);
                    out.extend_from_slice(&(bytes.len() as u16).to_le_bytes());
                    out.extend_from_slice(&bytes);
                    out.extend_from_slice(&data_word(entry).to_le_bytes());
                }
            }
            Message::Decided { component, value } => {
                out.push(6);
                out.extend_from_slice(&component.to_le_bytes());
                out.push(*value);
            }
            Message::Counts(c) => {
                out.push(7);
                counts(&mut out, c);
            }
            Message::Finish { value } => out.extend_from_slice(&[8, *value]),
            Message::Final { counts: c, sent_to } => {
                out.push(9);
                counts(&mut out, c);
                out.extend_from_slice(&(sent_to.len() as u32).to_le_bytes());
                sent_to.iter().for_each(|n| out.extend_from_slice(&n.to_le_bytes()));
            }
            Message::Done { expected } => {
                out.push(11);
                out.extend_from_slice(&expected.to_le_bytes());
            }
            Message::Stop(why) => {
                out.push(10);
                text(&mut out, why);
            }
            Message::Table(None) => out.extend_from_slice(&[12, 0]),
            Message::Table(Some(TableHandle { pid, fd, bytes })) => {
                out.extend_from_slice(&[12, 1]);
                out.extend_from_slice(&pid.to_le_bytes());
                out.extend_from_slice(&fd.to_le_bytes());
                out.extend_from_slice(&bytes.to_le_bytes());
            }
        }
        out
    }

    /// The message `bytes` from process `from`; a damaged one is an error.
    pub fn decode(bytes: &[u8], from: usize) -> Result<Self> {
        let damaged = || Error::Cluster(format!("a message from process {from} is damaged"));
        let mut reader = Reader { bytes, at: 0 };
        let message = (|| {
            let message = match reader.byte()? {
                0 => Message::Ready(reader.text()?),
                1 => Message::Verdict(reader.text()?),
                2 => Message::Ask {
                    id: reader.u64()?,
                    component: reader.u32()?,
                    option: reader.u32()?,
                    k: reader.byte()?,
                    reversed: reader.byte()? != 0,
                },
                3 => Message::Abandon { id: reader.u64()? },
                4 => {
                    let id = reader.u64()?;
                    let reply = match reader.byte()? {
                        0 => Reply::Answer(Answer::Hit),
                        1 => Reply::Answer(Answer::Other(reader.byte()?)),
                        2 => Reply::Answer(Answer::NotK),
                        3 => Reply::Abandoned,
                        4 => Reply::Interrupted,
                        5 => Reply::Failed(reader.text()?.unwrap_or_default()),
                        _ => return None,
                    };
                    Message::Reply { id, reply }
                }
                5 => {
                    let count = reader.u32()? as usize;
                    let mut entries = Vec::with_capacity(count.min(bytes.len()));
                    for _ in 0..count {
                        let length = u16::from_le_bytes(reader.take(2)?.try_into().ok()?) as usize;
                        let key = K::decode(reader.take(length)?)?;
                        entries.push(from_data_word(key, reader.u64()?)?);
                    }
                    Message::Entries(entries)
                }
                6 => Message::Decided { component: reader.u32()?, value: reader.byte()? },
                7 => Message::Counts(reader.counts()?),
                8 => Message::Finish { value: reader.byte()? },
                9 => {
                    let counts = reader.counts()?;
                    let n = reader.u32()? as usize;
                    let sent_to = (0..n.min(bytes.len())).map(|_| reader.u64()).collect::<Option<_>>()?;
                    Message::Final { counts, sent_to }
                }
                11 => Message::Done { expected: reader.u64()? },
                10 => Message::Stop(reader.text()?),
                12 => Message::Table(match reader.byte()? {
                    0 => None,
                    _ => Some(TableHandle { pid: reader.u32()?, fd: reader.u32()? as i32, bytes: reader.u64()? }),
                }),
                _ => return None,
            };
            (reader.at == bytes.len()).then_some(message)
        })();
        message.ok_or_else(damaged)
    }
}

/// Reads fields off a message's bytes; `None` past the end.
struct Reader<'b> {
    bytes: &'b [u8],
    at: usize,
}

impl<'b> Reader<'b> {
    fn take(&mut self, n: usize) -> Option<&'b [u8]> {
        let field = self.bytes.get(self.at..self.at.checked_add(n)?)?;
        self.at += n;
        Some(field)
    }

    fn byte(&mut self) -> Option<u8> {
        Some(self.take(1)?[0])
    }

    fn u32(&mut self) -> Option<u32> {
        Some(u32::from_le_bytes(self.take(4)?.try_into().ok()?))
    }

    fn u64(&mut self) -> Option<u64> {
        Some(u64::from_le_bytes(self.take(8)?.try_into().ok()?))
    }

    fn text(&mut self) -> Option<Option<String>> {
        match self.byte()? {
            0 => Some(None),
            _ => {
                let length = self.u32()? as usize;
                Some(Some(String::from_utf8(self.take(length)?.to_vec()).ok()?))
            }
        }
    }

    fn counts(&mut self) -> Option<Counts> {
        Some(Counts {
            nodes: self.u64()?,
            table_entries: self.u64()?,
            table_capacity: self.u64()?,
            messages: self.u64()?,
            entries_sent: self.u64()?,
        })
    }
}
