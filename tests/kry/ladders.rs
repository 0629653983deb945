//! "Difficult Terrain: Additional 1 AP per movement. Steep hills and climbing ladders, shallow
//! water, heavy debris under waist height": a ladder is a level piece tagged `Ladder`; climbing
//! it is difficult, however high it goes.

use super::*;
use wartable::rules::kry::command::MoveKind;

const EC: &str = "The Earth Confederate";
const POSSESSED: &str = "The Possessed";

/// A 1.3" high platform (y 5.5 to 7.5 at x 10) reached from the south over a 1" deep piece at y
/// 4.5 to 5.5 as high as the platform, tagged `tags`.
fn platform_game(tags: &str) -> KryGame {
    let text = format!(
        "Level(name: \"test\", width: 24.0, depth: 24.0, tile_size: 1.0, zones: [Zone(name: \"near\", kind: Deployment, side: 1, min: (0.0, 0.0), max: (24.0, 12.0)), Zone(name: \"far\", kind: Deployment, side: 2, min: (0.0, 12.0), max: (24.0, 24.0))], pieces: [Piece(shape: Box, at: (10.0, 5.0), size: (1.0, 1.0, 1.3), tags: [{tags}], label: \"Way up\"), Piece(shape: Box, at: (10.0, 6.5), size: (4.0, 2.0, 1.3), tags: [Climbable], label: \"Gantry\")])"
    );
    let level = match wartable::data::parse_level("test.ron", &text) {
        Ok((l, _)) => l,
        Err(e) => panic!("test level: {}", e[0]),
    };
    let mut g = game_with(
        level,
        team(EC, &["Captain", "Average Joe", "Average Joe"]),
        team(POSSESSED, &["Wraith Lord", "Wraith", "Thrall"]),
    );
    start(&mut g, &super::game::apart(), &[6, 6]);
    put(&mut g, 2, 10.0, 4.2);
    g
}

fn up(kind: MoveKind) -> Command {
    Command::Move {
        model: id(2),
        to: Pt::new(10.0, 5.8),
        kind,
    }
}

/// The Joe (Speed 3, 1.2" tall) climbs the ladder onto the gantry: 1.6" walked and 1.3" climbed,
/// over difficult terrain: 2 + 1 AP. The same 1.3" up a plain climbable block is over its head
/// height: "Impossible Terrain ... Vertical walls", refused.
#[test]
fn climbing_a_ladder_is_difficult_terrain_where_a_wall_is_impossible() {
    let mut g = platform_game("Ladder");
    let spent = g.state.spent[0];
    ok(&mut g, 1, up(MoveKind::Normal), &[]);
    assert_eq!(g.state.spent[0], spent + 3, "{}", journal(&g));
    assert!(
        journal(&g).contains("over difficult terrain"),
        "{}",
        journal(&g)
    );
    let m = g.state.table.model(id(2)).unwrap();
    assert!((m.h - 1.3).abs() < 0.01, "on the gantry at {}", m.h);

    let mut g = platform_game("Climbable");
    let e = refused(&mut g, 1, up(MoveKind::Normal));
    assert!(e.contains("no way there"), "{e}");
}

/// A run up the ladder: the run's 1 AP and the ladder's 1 ("All additional costs of other
/// modifiers (such as terrain) are still used though").
#[test]
fn a_run_up_a_ladder_pays_the_difficult_ground() {
    let mut g = platform_game("Ladder");
    let spent = g.state.spent[0];
    ok(&mut g, 1, up(MoveKind::Run), &[]);
    assert_eq!(g.state.spent[0], spent + 2);
}
