//! `--screenshot OUT.png`: render the table, save a PNG after the frames asked for (and once the
//! renderer has had time to compile its pipelines), then exit.

use crate::app::base::state::{Selection, TableState, Tape};
use crate::table::{ModelId, TapeEnd};
use bevy::diagnostic::FrameCount;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};
use std::path::PathBuf;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Update, (stage_scene, take_screenshot));
}

/// F12 (or the key bound to it) in the GUI: saves `wartable-<seconds since 1970>.png` in the working folder.
pub(crate) fn key_plugin(app: &mut App) {
    app.add_systems(Update, screenshot_key);
}

fn screenshot_key(
    mut commands: Commands,
    keys: crate::app::base::keys::Keys,
    mut notices: ResMut<crate::app::base::state::Notices>,
) {
    if !keys.just_pressed(crate::app::base::keys::Key::Screenshot) {
        return;
    }
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let out = PathBuf::from(format!("wartable-{secs}.png"));
    notices.status = format!("Screenshot saved to {}", out.display());
    commands
        .spawn(Screenshot::primary_window())
        .observe(save_to_disk(out));
}

/// What to show and when to capture.
#[derive(Resource, Debug, Clone)]
pub struct ScreenshotPlan {
    pub out: PathBuf,
    pub frames: u32,
    /// Seconds of real time to wait at least (software renderers compile pipelines slowly).
    pub min_secs: f32,
    /// A tape to show between two models.
    pub measure: Option<(u32, u32)>,
    pub select: Option<u32>,
    pub help: bool,
    /// Line of sight from the first model id to the second.
    pub los: Option<(u32, u32)>,
    /// A blast template: centre x, y and diameter.
    pub template: Option<(f32, f32, f32)>,
    /// Show the movement range (and this allowance) of the selected model.
    pub range: Option<f32>,
    taken: bool,
}

impl ScreenshotPlan {
    pub fn new(out: PathBuf, frames: u32) -> Self {
        Self {
            out,
            frames,
            min_secs: 4.0,
            measure: None,
            select: None,
            help: false,
            los: None,
            template: None,
            range: None,
            taken: false,
        }
    }
}

fn stage_scene(
    plan: Res<ScreenshotPlan>,
    state: Option<Res<TableState>>,
    mut tape: ResMut<Tape>,
    mut sel: ResMut<Selection>,
    mut view: ResMut<crate::app::base::state::ViewSettings>,
    mut tool: ResMut<crate::app::base::state::ActiveTool>,
    mut sight: ResMut<crate::app::tools::sight_tools::SightTool>,
    mut tpl: ResMut<crate::app::tools::sight_tools::TemplateTool>,
    mut range: ResMut<crate::app::tools::sight_tools::MoveRange>,
    mut done: Local<bool>,
) {
    if *done || state.is_none() {
        return;
    }
    *done = true;
    if let Some((a, b)) = plan.measure {
        *tape = Tape {
            from: Some(TapeEnd::Model(ModelId(a))),
            to: Some(TapeEnd::Model(ModelId(b))),
            dragging: false,
        };
    }
    sel.0 = plan.select.map(ModelId);
    view.help = plan.help;
    if let Some((a, b)) = plan.los {
        *tool = crate::app::base::state::ActiveTool::Los;
        sight.shooter = Some(ModelId(a));
        sight.target = Some(ModelId(b));
    }
    if let Some((x, y, d)) = plan.template {
        *tool = crate::app::base::state::ActiveTool::Template;
        tpl.at = Some(crate::table::template::TemplateAt::Point(
            crate::table::Pt::new(x, y),
        ));
        tpl.diameter = d;
    }
    if let Some(allowance) = plan.range {
        range.on = true;
        range.allowance = allowance;
    }
}

fn take_screenshot(
    mut commands: Commands,
    mut plan: ResMut<ScreenshotPlan>,
    frames: Res<FrameCount>,
    time: Res<Time<bevy::time::Real>>,
    mut exit: MessageWriter<AppExit>,
    packs: Option<Res<crate::app::view::pack_load::PackLoading>>,
) {
    if plan.taken {
        // Give up if the capture never arrives.
        if frames.0 > plan.frames + 600 {
            error!("screenshot was not captured; exiting");
            exit.write(AppExit::error());
        }
        return;
    }
    if frames.0 < plan.frames || time.elapsed_secs() < plan.min_secs {
        return;
    }
    // The enabled model packs loaded first (the capture is of the table as it will stand).
    if packs.is_some_and(|p| p.busy) && frames.0 < plan.frames + 300 {
        return;
    }
    plan.taken = true;
    let out = plan.out.clone();
    info!("taking screenshot {} at frame {}", out.display(), frames.0);
    commands
        .spawn(Screenshot::primary_window())
        .observe(save_to_disk(out))
        .observe(
            |_e: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
                exit.write(AppExit::Success);
            },
        );
}
