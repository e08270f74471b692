//! The library's layers run one way, and no files import each other.
//!
//! Reads the `use` declarations of every source file of `src/` (test files
//! and `#[cfg(test)] mod tests` blocks left out: tests may use anything),
//! resolves each path to the file of the module it names, and fails on
//!
//! - a cycle between files (two or more files that import each other,
//!   directly or round a circle), and
//! - a lower layer importing a higher one, in the order of [`LAYERS`]
//!   (`docs/layout.md` explains each).
//!
//! A module that re-exports its own submodules (`pub use child::Item`) does
//! not import them in this sense: that is how a folder shows its front.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The top-level modules from the bottom up; a module may import only its
/// own layer and those below. `error` is everyone's.
const LAYERS: &[&[&str]] = &[
    &["error"],
    &["nim"],
    &["sequence"],
    &["game"],
    &["solve"],
    &["catalogue"],
    &["report"],
    &["pattern", "export"],
    &["play"],
    &["registry"],
];

type Module = Vec<String>;

struct Source {
    file: String,
    text: String,
}

/// Every source file by the module it is (`solve/heap/mod.rs` and
/// `solve/heap.rs` are both `solve::heap`).
fn sources(root: &Path) -> BTreeMap<Module, Source> {
    let mut found = BTreeMap::new();
    let mut pending = vec![root.to_path_buf()];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path: PathBuf = entry.unwrap().path();
            if path.is_dir() {
                pending.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let relative = path.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/");
            let stem = relative.trim_end_matches(".rs");
            let module: Module = match stem {
                "lib" => Vec::new(),
                _ => stem.trim_end_matches("/mod").split('/').map(String::from).collect(),
            };
            found.insert(module, Source { file: relative.clone(), text: std::fs::read_to_string(&path).unwrap() });
        }
    }
    found
}

/// Whether a file is test code (it may reach anywhere).
fn is_test(file: &str) -> bool {
    file == "testing.rs" || file.ends_with("tests.rs")
}

/// The `use` declarations of `text`, without its test module: each as its
/// path text (braces and all) and whether it is a `pub` re-export.
fn declarations(text: &str) -> Vec<(String, bool)> {
    let code = text.split("#[cfg(test)]\nmod tests {").next().unwrap();
    let mut found = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("use ") {
        let before = &rest[..at];
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let prefix = before[line_start..].trim();
        let is_declaration = prefix.is_empty() || prefix.starts_with("pub");
        let after = &rest[at + 4..];
        let Some(end) = after.find(';') else { break };
        if is_declaration && !before[line_start..].trim_start().starts_with("//") {
            found.push((after[..end].split_whitespace().collect::<String>(), prefix.starts_with("pub")));
        }
        rest = &after[end..];
    }
    found
}

/// `a::{b, c::{d, e}}` as `a::b`, `a::c::d`, `a::c::e`.
fn expand(path: &str) -> Vec<String> {
    let Some(open) = path.find('{') else {
        return vec![path.split(" as ").next().unwrap().to_string()];
    };
    let (prefix, inner) = (&path[..open], &path[open + 1..path.len() - 1]);
    let (mut parts, mut depth, mut current) = (Vec::new(), 0, String::new());
    for c in inner.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(std::mem::take(&mut current));
                continue;
            }
            _ => {}
        }
        current.push(c);
    }
    parts.push(current);
    parts.iter().filter(|p| !p.is_empty()).flat_map(|p| expand(p)).map(|p| format!("{prefix}{p}")).collect()
}

/// The module file a path inside `module` names: the longest prefix of it
/// that is a module.
fn resolve(module: &Module, path: &str, modules: &BTreeMap<Module, Source>) -> Option<Module> {
    let mut segments: Vec<&str> = path.split("::").filter(|s| !s.is_empty()).collect();
    let mut target: Module = match segments.first()? {
        &"crate" => {
            segments.remove(0);
            Vec::new()
        }
        &"super" => {
            let mut base = module.clone();
            while segments.first() == Some(&"super") {
                base.pop();
                segments.remove(0);
            }
            base
        }
        &"self" => {
            segments.remove(0);
            module.clone()
        }
        first => {
            let mut child = module.clone();
            child.push(first.to_string());
            if !modules.contains_key(&child) {
                return None; // an external crate or std
            }
            module.clone()
        }
    };
    target.extend(segments.iter().map(|s| s.to_string()));
    (0..=target.len()).rev().map(|n| target[..n].to_vec()).find(|m| modules.contains_key(m))
}

/// Which file imports which.
fn imports(modules: &BTreeMap<Module, Source>) -> BTreeMap<Module, BTreeSet<Module>> {
    let mut graph = BTreeMap::new();
    for (module, source) in modules {
        if is_test(&source.file) {
            continue;
        }
        let edges: &mut BTreeSet<Module> = graph.entry(module.clone()).or_default();
        for (declaration, public) in declarations(&source.text) {
            for path in expand(&declaration) {
                let Some(target) = resolve(module, &path, modules) else { continue };
                let own_submodule = target.starts_with(module);
                if target == *module || (public && own_submodule) {
                    continue;
                }
                edges.insert(target);
            }
        }
    }
    graph
}

fn layer(module: &Module) -> Option<usize> {
    let top = module.first()?;
    LAYERS.iter().position(|names| names.contains(&top.as_str()))
}

/// The cycles of `graph`: its strongly connected parts of more than one
/// file (Tarjan's algorithm).
fn cycles(graph: &BTreeMap<Module, BTreeSet<Module>>) -> Vec<Vec<Module>> {
    struct State<'a> {
        graph: &'a BTreeMap<Module, BTreeSet<Module>>,
        index: BTreeMap<&'a Module, usize>,
        low: BTreeMap<&'a Module, usize>,
        stack: Vec<&'a Module>,
        found: Vec<Vec<Module>>,
    }
    fn visit<'a>(state: &mut State<'a>, v: &'a Module) {
        let n = state.index.len();
        state.index.insert(v, n);
        state.low.insert(v, n);
        state.stack.push(v);
        for w in state.graph.get(v).into_iter().flatten() {
            if !state.index.contains_key(w) {
                visit(state, w);
                let low = state.low[v].min(state.low[w]);
                state.low.insert(v, low);
            } else if state.stack.contains(&w) {
                let low = state.low[v].min(state.index[w]);
                state.low.insert(v, low);
            }
        }
        if state.low[v] == state.index[v] {
            let mut part = Vec::new();
            while let Some(w) = state.stack.pop() {
                part.push(w.clone());
                if w == v {
                    break;
                }
            }
            if part.len() > 1 {
                state.found.push(part);
            }
        }
    }
    let mut state = State { graph, index: BTreeMap::new(), low: BTreeMap::new(), stack: Vec::new(), found: Vec::new() };
    for v in graph.keys() {
        if !state.index.contains_key(v) {
            visit(&mut state, v);
        }
    }
    state.found
}

fn modules() -> BTreeMap<Module, Source> {
    sources(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"))
}

#[test]
fn no_files_import_each_other() {
    let modules = modules();
    let found: Vec<Vec<&str>> =
        cycles(&imports(&modules)).iter().map(|part| part.iter().map(|m| modules[m].file.as_str()).collect()).collect();
    assert!(found.is_empty(), "files that import each other (directly or round a circle): {found:?}");
}

#[test]
fn layers_import_only_downwards() {
    let modules = modules();
    let mut upward = Vec::new();
    for (from, targets) in imports(&modules) {
        for to in targets {
            if let (Some(low), Some(high)) = (layer(&from), layer(&to)) {
                if high > low {
                    upward.push(format!("{} imports {}", modules[&from].file, modules[&to].file));
                }
            }
        }
    }
    assert!(upward.is_empty(), "imports against the layers {LAYERS:?}: {upward:#?}");
}

/// The checks see real imports: the graph has the edges everyone knows.
#[test]
fn the_graph_sees_known_imports() {
    let modules = modules();
    let graph = imports(&modules);
    let module = |path: &str| path.split("::").map(String::from).collect::<Module>();
    assert!(graph[&module("registry::normal_game")].contains(&module("registry::playable")));
    assert!(graph[&module("solve::misere::genus")].contains(&module("solve::misere::rule")));
    assert!(graph[&module("report::answer")].contains(&module("game")));
}
