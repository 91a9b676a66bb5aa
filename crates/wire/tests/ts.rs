//! The TypeScript types in `web/src/wire/` are generated from the wire types; this test
//! regenerates them into a temporary folder and fails when they differ from the checked-in
//! files. `MUSTER_WRITE_TS=1 cargo test -p muster-wire --features ts --test ts` rewrites them.
#![cfg(feature = "ts")]

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use muster_wire::http::{
    ApiError, BotList, BotRequest, BotResponse, CatalogResponse, ChallengeInfo, ChallengeRequest,
    ChallengesResponse, GamesResponse, Inbox, JoinRequest, MarkRead, PasswordRequest, Prefs,
    ReplayFrame, RulesResponse, SessionRequest, SessionResponse, UnreadCount, UserProfile,
};
use muster_wire::{ClientMsg, NackCode, ServerMsg, StreamEvent};
use ts_rs::{Config, TS};

/// The checked-in folder.
fn checked_in() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web/src/wire")
}

/// Writes every root type, with everything it uses, into `dir`.
fn generate(dir: &Path) {
    let cfg = Config::new().with_out_dir(dir);
    ClientMsg::export_all(&cfg).unwrap();
    ServerMsg::export_all(&cfg).unwrap();
    SessionRequest::export_all(&cfg).unwrap();
    PasswordRequest::export_all(&cfg).unwrap();
    SessionResponse::export_all(&cfg).unwrap();
    BotRequest::export_all(&cfg).unwrap();
    BotResponse::export_all(&cfg).unwrap();
    UserProfile::export_all(&cfg).unwrap();
    CatalogResponse::export_all(&cfg).unwrap();
    ChallengeRequest::export_all(&cfg).unwrap();
    ChallengeInfo::export_all(&cfg).unwrap();
    ChallengesResponse::export_all(&cfg).unwrap();
    JoinRequest::export_all(&cfg).unwrap();
    GamesResponse::export_all(&cfg).unwrap();
    RulesResponse::export_all(&cfg).unwrap();
    ReplayFrame::export_all(&cfg).unwrap();
    ApiError::export_all(&cfg).unwrap();
    NackCode::export_all(&cfg).unwrap();
    StreamEvent::export_all(&cfg).unwrap();
    Prefs::export_all(&cfg).unwrap();
    BotList::export_all(&cfg).unwrap();
    Inbox::export_all(&cfg).unwrap();
    MarkRead::export_all(&cfg).unwrap();
    UnreadCount::export_all(&cfg).unwrap();
}

/// Every `.ts` file under `dir`, by name, with its text.
fn read_tree(dir: &Path) -> BTreeMap<String, String> {
    let mut files = BTreeMap::new();
    let Ok(entries) = fs::read_dir(dir) else {
        return files;
    };
    for entry in entries {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "ts") {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            files.insert(name, fs::read_to_string(&path).unwrap());
        }
    }
    files
}

#[test]
fn typescript_types_match_the_checked_in_files() {
    let temp = tempfile::tempdir().unwrap();
    generate(temp.path());
    let fresh = read_tree(temp.path());
    assert!(fresh.contains_key("ClientMsg.ts") && fresh.contains_key("ServerMsg.ts"));

    let target = checked_in();
    if std::env::var_os("MUSTER_WRITE_TS").is_some_and(|v| v == "1") {
        if target.exists() {
            for name in read_tree(&target).keys() {
                fs::remove_file(target.join(name)).unwrap();
            }
        }
        fs::create_dir_all(&target).unwrap();
        for (name, text) in &fresh {
            fs::write(target.join(name), text).unwrap();
        }
        return;
    }

    let old = read_tree(&target);
    let mut drift = Vec::new();
    for (name, text) in &fresh {
        match old.get(name) {
            None => drift.push(format!("missing: {name}")),
            Some(have) if have != text => drift.push(format!(
                "differs: {name}\n--- checked in\n{have}\n--- generated\n{text}"
            )),
            Some(_) => {}
        }
    }
    for name in old.keys().filter(|n| !fresh.contains_key(*n)) {
        drift.push(format!("no longer generated: {name}"));
    }
    assert!(
        drift.is_empty(),
        "web/src/wire/ has drifted from the Rust types; rerun with MUSTER_WRITE_TS=1 \
         (cargo test -p muster-wire --features ts --test ts):\n{}",
        drift.join("\n")
    );
}
