//! KtOG and Krig: every rule with forced dice, random command streams, the odds against
//! enumerating the dice through the rules themselves, and the table's overlays headless.

mod app;
mod krig;
mod ktog;
mod ktog_cases;
mod ktog_disarm;
mod ktog_program;
mod tips;
