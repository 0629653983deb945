//! Data files: RON definitions read as raw structs, validated, and turned into typed values, with
//! errors that name the file, line, column and field.

pub mod error;
pub mod level;
pub mod load;
pub mod names;
pub mod packs;
pub mod palette;
pub mod spans;
pub mod user_dir;
pub mod validate;

pub use error::{Issue, LocatedError};
pub use level::LevelFile;
pub use load::{MAX_FILE_BYTES, load_level, parse_level, read_text, save_level, to_ron_string};
