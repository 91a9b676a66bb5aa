//! The surface's caches after area alterations in play equal a rebuild from scratch, on
//! square, hex and sown boards (random plies, some of them alterations).

use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::SeedableRng;

use super::*;
use crate::game::{Game, NoEvents};
use crate::playout::{random_action, Buffers};
use crate::variant::Variant;

/// Plays up to `plies` random plies of `variant` from `seed`, comparing the surface's caches
/// with a rebuild after every area alteration. Returns how many alterations were compared.
fn alterations_keep_caches(variant: &str, seed: u64, plies: usize) -> Result<usize, String> {
    let variant = MuTouVariant::parse_text(variant).map_err(|e| e.to_string())?;
    let mut g = MuTou::new(&variant, 2).map_err(|e| e.to_string())?;
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut buffers = Buffers::default();
    let mut compared = 0;
    for ply in 0..plies {
        let Some(action) = random_action(&g, &mut rng, &mut buffers) else {
            break;
        };
        // Rows traced before an alteration must not outlive it.
        if let Some(s) = g.surface_opt() {
            for &t in s.tessels().iter().step_by(3) {
                let _ = s.jagger(t);
            }
        }
        g.play(action, &mut NoEvents);
        if let MuTouAction::Area { edit, .. } = action {
            g.surface()
                .caches_match_rebuild()
                .map_err(|e| format!("seed {seed}, ply {ply}, after {edit}: {e}"))?;
            compared += 1;
        }
    }
    Ok(compared)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3))]

    #[test]
    fn area_alterations_leave_the_caches_a_rebuild_would_make(seed in any::<u64>()) {
        let mut compared = 0;
        for variant in ["friendly", "friendly board=hex", "board=sown tier=III"] {
            let seeded = format!("{variant} seed={}", seed % 1000);
            compared += alterations_keep_caches(&seeded, seed, 300).map_err(TestCaseError::fail)?;
        }
        prop_assert!(compared >= 30, "only {} alterations compared", compared);
    }
}
