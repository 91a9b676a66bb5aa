//! The open challenges as the lobby's followers see them. (Filled in with the challenges' own
//! module: until then the feed carries chat only and the snapshot is empty.)

use std::sync::Arc;

use muster_wire::server::Lobby;
use muster_wire::ServerMsg;

use crate::ServerState;

/// The `lobby` frame of the open challenges now.
pub(crate) async fn snapshot(_state: &Arc<ServerState>) -> Option<ServerMsg> {
    Some(ServerMsg::Lobby(Lobby {
        challenges: Vec::new(),
    }))
}
