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
        assert_eq!(settled(before), before, "after {input:?}");
    }
}

/// The thread count once it has come down to `before`, or after two seconds. A joined thread
/// has finished running, but the kernel drops it from `/proc/self/task` a moment after `join`
/// returns, so a count taken at once can still see it.
fn settled(before: Option<usize>) -> Option<usize> {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(2);
    loop {
        let now = threads();
        if now == before || std::time::Instant::now() >= deadline {
            return now;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}
