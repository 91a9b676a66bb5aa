//! A `muster engine` session leaves no thread behind: its searches are joined when it ends,
//! whether by `quit`, by the end of its input or in the middle of a search. (One test in a
//! binary of its own, so that no other test's threads are counted.)

use std::io::{self, Cursor};

use muster_protocol::engine::{run_with, Settings};

/// The threads of this process, where `/proc` tells (Linux); `None` elsewhere.
fn threads() -> Option<usize> {
    std::fs::read_dir("/proc/self/task")
        .ok()
        .map(Iterator::count)
}

#[test]
fn a_session_joins_every_thread_it_started() {
    let settings = Settings {
        level: 1,
        hash: 1,
        ..Settings::default()
    };
    let before = threads();
    for input in [
        "newgame mur game\ngo infinite\nquit\n",
        "newgame mur game\ngo infinite\n",
        "newgame murus-gallicus\ngo infinite\nisready\nstop\ngo nodes 5\nlegal\n",
        "newgame murus-gallicus\ngo nodes 100000000\nquit\nlegal\n",
        "newgame mu\ngo\n",
    ] {
        run_with(settings, Cursor::new(input.as_bytes().to_vec()), io::sink())
            .expect("a sink never fails");
        assert_eq!(threads(), before, "after {input:?}");
    }
}
