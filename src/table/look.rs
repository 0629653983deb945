//! What a miniature looks like, as plain data: the figure standing on its base and a style (a
//! team's or a model's variety). Each rule set says which figure stands for each of its models;
//! the 3D view builds the meshes. Looks never enter a game's state or its hash.

use super::model::ModelId;

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

/// A look for a model no rule set describes (the sandbox's stand-ins, a level's models), from
/// its name where it says what it is, else from its size.
pub fn guess(name: &str, base_diameter: f32, body_height: f32) -> Look {
    let n = name.to_lowercase();
    let has = |w: &str| n.contains(w);
    if has("tank") {
        Look::new(Figure::Tank, 0)
    } else if has("recon frame") {
        Look::new(Figure::Frame, 1)
    } else if has("battle frame") || has("kog") {
        Look::new(Figure::Kog, 0)
    } else if has("frame") {
        Look::new(Figure::Frame, 0)
    } else if has("infantry") {
        Look::new(Figure::Infantry, 0)
    } else if has("officer") || has("leader") || has("sergeant") || has("captain") {
        Look::new(Figure::Leader, 0)
    } else if has("heavy") {
        Look::new(Figure::Heavy, 0)
    } else if has("monster") || has("goblin") || has("orc") {
        Look::new(Figure::Monster, 0)
    } else {
        Look::new(by_size(base_diameter, body_height), 0)
    }
}

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
    fn names_say_what_a_stand_in_is() {
        let f = |n: &str| guess(n, 1.6, 2.0);
        assert_eq!(f("Tank 2"), Look::new(Figure::Tank, 0));
        assert_eq!(f("Recon frame"), Look::new(Figure::Frame, 1));
        assert_eq!(f("Battle frame"), Look::new(Figure::Kog, 0));
        assert_eq!(f("Officer"), Look::new(Figure::Leader, 0));
        assert_eq!(f("Heavy trooper 3"), Look::new(Figure::Heavy, 0));
        assert_eq!(f("Rifleman 1").figure, Figure::Trooper);
        assert_eq!(guess("Thing", 4.0, 2.0).figure, Figure::Tank);
    }

    #[test]
    fn size_picks_vehicles_walkers_and_troopers() {
        assert_eq!(by_size(4.0, 2.0), Figure::Tank);
        assert_eq!(by_size(3.0, 4.0), Figure::Kog);
        assert_eq!(by_size(2.0, 2.5), Figure::Kog);
        assert_eq!(by_size(1.0, 1.2), Figure::Trooper);
    }
}
