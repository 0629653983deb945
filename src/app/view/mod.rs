//! The ECS mirror of the table: the table's entities and the game copied onto them, the camera,
//! picking and colliders, moving models by hand, motion and effects, how things look (visuals,
//! figures, scenery, textures, labels, the grid) and the dice tray.

pub mod camera;
pub mod colliders;
pub mod dice_tray;
pub mod effects;
pub mod figures;
pub mod glide;
pub mod grid;
pub mod interact;
pub mod labels;
pub mod mirror;
pub mod motion;
pub mod pack_figures;
pub mod pack_load;
pub mod pack_mesh;
pub mod picking;
pub mod scenery;
pub mod table_entities;
pub mod textures;
pub mod visuals;
