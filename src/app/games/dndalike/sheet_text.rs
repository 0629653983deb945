//! A DnDalike sheet in words, as the menus, the roster builder and the side panels show it: its
//! roll bonuses, its pack, the whole sheet in one line.

use crate::rules::dndalike::{Pack, Sheet};

pub fn pack_label(p: Pack) -> &'static str {
    match p {
        Pack::FreeHand => "weapon and a free hand",
        Pack::TwoWeapons => "two weapons",
        Pack::Shield => "weapon and shield",
        Pack::TwoHanded => "two-handed weapon",
        Pack::Bow => "bow and arrows",
    }
}

/// The stat bonuses that go to rolls: "attack rolls" (STR), "movement rolls" (DEX), "all skill
/// rolls" (INT), e.g. "A +2 (STR) \u{b7} M +1 (DEX) \u{b7} skills -1 (INT)".
pub fn bonus_line(s: &Sheet) -> String {
    format!(
        "A {:+} (STR) \u{b7} M {:+} (DEX) \u{b7} skills {:+} (INT)",
        s.attack_bonus(),
        s.movement_bonus(),
        s.skill_bonus()
    )
}

/// A sheet in one line: class and level, health, armour class, fatigue, the roll bonuses, dice,
/// pack.
pub fn sheet_line(s: &Sheet) -> String {
    let dice: String = s.action_dice().iter().map(|d| d.letter()).collect();
    format!(
        "{} \u{b7} health {} \u{b7} AC {} \u{b7} fatigue max {} \u{b7} {} \u{b7} dice {dice} \u{b7} {}{}",
        match s.class() {
            Some(c) => format!(
                "{c:?} {} ({})",
                s.level(),
                s.powers
                    .iter()
                    .map(|p| p.label())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            None if s.lesser => "minion".into(),
            None => "monster".into(),
        },
        s.max_health(),
        s.armour_class(),
        s.max_fatigue(),
        bonus_line(s),
        pack_label(s.pack),
        if s.ranged() { ", ranged" } else { "" }
    ) + &if s.sorcerer() {
        format!(
            " \u{b7} spells {} \u{b7} menhirs {}",
            if s.spells.is_empty() {
                "none".to_string()
            } else {
                s.spells.join(", ")
            },
            s.stones.join(", ")
        )
    } else {
        String::new()
    }
}
