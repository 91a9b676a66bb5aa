//! Who may see what (mutou S23): while setting out, each seat puts its shakken on its bases
//! in secret, and the pieces are revealed when every seat has finished. Everything else in
//! MuTou is public, quandar rolls included (matched quandarinn are uncovered together, D7).

use super::actions::MuTouAction;
use super::state::{MuTou, Phase};
use crate::game::Visibility;

impl MuTou {
    /// Who may see `action` in this position: a put while setting out is its actor's secret
    /// (S23); every other action is public.
    pub(super) fn visibility(&self, action: MuTouAction) -> Visibility {
        match (self.phase, action) {
            (Phase::SetOut(_), MuTouAction::Put(..)) => Visibility::Actor,
            _ => Visibility::Public,
        }
    }

    /// Whether the setting out is under way, its puts still hidden from the other seats. The
    /// last put of the last seat ends it: that is the reveal.
    pub(super) fn setting_out(&self) -> bool {
        matches!(self.phase, Phase::SetOut(_))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Audience, Game, GameEvent, Seat};
    use crate::mutou::{MuTouEvent, MuTouVariant};

    fn setting_out(seats: usize) -> MuTou {
        let game = MuTou::new(&MuTouVariant::default(), seats).expect("a game");
        assert!(matches!(game.phase(), Phase::SetOut(0)), "{game:?}");
        game
    }

    #[test]
    fn a_put_while_setting_out_is_secret_to_its_actor() {
        let game = setting_out(2);
        let mut legal = Vec::new();
        game.legal_actions(&mut legal);
        assert!(!legal.is_empty());
        for action in legal {
            assert_eq!(game.action_visibility(action), Visibility::Actor);
        }
        assert!(game.secrets_pending());
    }

    #[test]
    fn a_put_tells_only_its_owner_and_the_reveal_tells_everyone() {
        let mut game = setting_out(2);
        let mut legal = Vec::new();
        let mut events = Vec::new();
        while game.secrets_pending() {
            game.legal_actions(&mut legal);
            game.play(legal[0], &mut events);
        }
        let puts: Vec<&MuTouEvent> = events
            .iter()
            .filter(|e| matches!(e, MuTouEvent::Put { .. }))
            .collect();
        assert!(!puts.is_empty());
        for put in puts {
            let MuTouEvent::Put { seat, .. } = put else {
                unreachable!()
            };
            assert_eq!(put.audience(), Audience::Seat(*seat));
        }
        let revealed = events
            .iter()
            .find(|e| matches!(e, MuTouEvent::Revealed { .. }))
            .expect("the setting out ends with the reveal");
        assert_eq!(revealed.audience(), Audience::Everyone);
        assert!(revealed.audience().includes(Some(Seat(1))));
        assert!(revealed.audience().includes(None));
    }

    #[test]
    fn play_after_the_reveal_is_public() {
        let mut game = setting_out(2);
        let mut legal = Vec::new();
        while game.secrets_pending() {
            game.legal_actions(&mut legal);
            game.apply_unchecked(legal[0]);
        }
        game.legal_actions(&mut legal);
        assert!(legal.contains(&MuTouAction::Rest));
        for action in legal {
            assert_eq!(game.action_visibility(action), Visibility::Public);
        }
    }
}
