//! What a miniature looks like, as plain data: the figure standing on its base and a style (a
//! team's or a model's variety). Each rule set says which figure stands for each of its models;
//! the 3D view builds the meshes. Looks never enter a game's state or its hash.

use super::ModelId;

/// The figure on a base.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Figure {
    /// A soldier with a rifle (Kry-Gothic storm troops, the sandbox's models).
    #[default]
    Trooper,
    /// A squad leader, with a banner on the back.
    Leader,
    /// An elite: shoulder plates and a crest.
    Elite,
    /// A heavy: broad, with a heavy gun.
    Heavy,
    /// A fast trooper: lean, with a jump pack.
    Fast,
    /// A team's special trooper: a pack and an antenna.
    Special,
    /// A KOG light infantry stand: three small soldiers on one base.
    Infantry,
    /// A KOG light Frame: a light walker (style 1: the recon variant, with a sensor mast).
    Frame,
    /// A KOG: a heavy walker with shoulder guns.
    Kog,
    /// A tank with a turret.
    Tank,
    /// A hero with sword and shield.
    Hero,
    /// A monster: hunched, horned, clawed.
    Monster,
}

/// A model's figure and style.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Look {
    pub figure: Figure,
    /// The head, crest and trim colour the figure wears: a team's index, a seat, a variety
    /// (the view takes it modulo its number of styles).
    pub style: u8,
}

impl Look {
    pub const fn new(figure: Figure, style: u8) -> Self {
        Self { figure, style }
    }
}

/// Each model's look, as a rule set tells the view.
pub type Looks = Vec<(ModelId, Look)>;

/// A figure for a model the rules know nothing more of, by its size: a wide, low base is a
/// vehicle, a wide tall one a walker, anything else a trooper.
pub fn by_size(base_diameter: f32, body_height: f32) -> Figure {
    if base_diameter >= 3.0 && body_height <= base_diameter * 0.8 {
        Figure::Tank
    } else if base_diameter >= 2.0 {
        Figure::Kog
    } else {
        Figure::Trooper
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn size_picks_vehicles_walkers_and_troopers() {
        assert_eq!(by_size(4.0, 2.0), Figure::Tank);
        assert_eq!(by_size(3.0, 4.0), Figure::Kog);
        assert_eq!(by_size(2.0, 2.5), Figure::Kog);
        assert_eq!(by_size(1.0, 1.2), Figure::Trooper);
    }
}
