//! The between-fights form as the table keeps it: who watches, the fatigue each rester keeps.

/// The between-fights form: who watches, the fatigue each rester keeps.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CampForm {
    /// Checked: on watch (by character index).
    pub watch: Vec<bool>,
    pub keep: Vec<i32>,
    /// The fights won when the form was filled (a new camp fills it again).
    pub filled_at: Option<(u32, u32)>,
}
