//! The geometry tools on the table: line of sight (L), blast templates (B), movement range (R) and
//! heavy hits on weak floors (H) with their damaged-structure markers. Each asks the pure geometry
//! (`table::Scene`, rebuilt whenever the table changes) and draws what it found.

use crate::app::base::convert::{flat, to_world};
use crate::app::base::mode::Mode;
use crate::app::base::sets::TableSync;
use crate::app::base::state::{
    ActiveTool, Notices, SandboxDice, Selection, TableState, pointer_on_table,
};
use crate::app::view::interact::Drag;
use crate::app::view::picking::CursorHit;
use crate::table::movement::{CostField, MoveRules};
use crate::table::template::{
    Coverage, FloorOutcome, Hazard, TemplateAt, resolve_damaged_structure, under_template,
};
use crate::table::{CoverReason, Los, ModelId, Pt, Scene, SightOptions, TapeEnd, Verdict};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((core_plugin, hazard_plugin))
        .init_resource::<MoveRange>()
        .add_systems(
            Update,
            (
                (los_clicks, template_clicks).run_if(pointer_on_table),
                tool_keys.run_if(crate::app::base::keys::keys_free),
            )
                .before(GeometrySet),
        )
        .add_systems(
            Update,
            (
                update_range,
                (
                    draw_los,
                    draw_template,
                    draw_range,
                    draw_hazards.run_if(not_in_game),
                ),
            )
                .chain()
                .after(GeometrySet),
        )
        .add_systems(EguiPrimaryContextPass, tool_window);
}

/// The sandbox's heavy hits: clicking a weak (W) floor with the heavy-hit tool places a
/// damaged-structure marker, and a model dragged into one rolls the sandbox's dice for the
/// floor. Outside a game only: a game starts with the markers cleared and the tool put down.
pub fn hazard_plugin(app: &mut App) {
    app.init_resource::<Hazards>()
        .add_systems(
            Update,
            heavy_hit_clicks
                .run_if(pointer_on_table)
                .run_if(not_in_game)
                .before(GeometrySet),
        )
        .add_systems(Update, check_hazards.run_if(not_in_game).after(GeometrySet))
        .add_systems(OnEnter(Mode::Game), leave_sandbox_tools);
}

/// Outside a game: the heavy-hit tool and its damaged-structure rolls belong to the sandbox. In a
/// game the rule set places and resolves its own markers with its own dice.
fn not_in_game(mode: Res<State<Mode>>) -> bool {
    *mode.get() != Mode::Game
}

/// A game starts without the sandbox's markers and with the heavy-hit tool put down.
fn leave_sandbox_tools(mut hazards: ResMut<Hazards>, mut tool: ResMut<ActiveTool>) {
    hazards.markers.clear();
    if *tool == ActiveTool::HeavyHit {
        *tool = ActiveTool::Select;
    }
}

pub use crate::app::base::sets::GeometrySet;

/// The window-free part: the scene follows the table, and the line-of-sight and template results
/// follow the scene. Used by the app and by headless tests.
pub fn core_plugin(app: &mut App) {
    app.init_resource::<SightTool>()
        .init_resource::<TemplateTool>()
        .init_resource::<SightSettings>()
        .add_systems(
            Update,
            (rebuild_scene, (update_los, update_template))
                .chain()
                .in_set(GeometrySet)
                .after(TableSync),
        );
}

/// The geometry of the table in play, rebuilt when the table changes.
#[derive(Resource)]
pub struct SightScene(pub Scene);

/// Options that the rule texts leave open, settable in the tool window.
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct SightSettings(pub SightOptions);

/// The line-of-sight tool: a shooter, a target and what was found between them.
#[derive(Resource, Debug, Default)]
pub struct SightTool {
    pub shooter: Option<ModelId>,
    pub target: Option<ModelId>,
    pub los: Option<Los>,
    pub cover: Vec<CoverReason>,
    pub distance: f32,
}

/// The blast template tool.
#[derive(Resource, Debug)]
pub struct TemplateTool {
    pub diameter: f32,
    pub at: Option<TemplateAt>,
    pub hits: Vec<(ModelId, Coverage)>,
    pub error: Option<String>,
}

impl Default for TemplateTool {
    fn default() -> Self {
        Self {
            diameter: 3.0,
            at: None,
            hits: Vec::new(),
            error: None,
        }
    }
}

/// The movement-range overlay for the selected model.
#[derive(Resource, Debug)]
pub struct MoveRange {
    pub on: bool,
    pub allowance: f32,
    /// The cost rules of the move shown (a game sets them for the move chosen).
    rules: MoveRules,
    pub field: Option<CostField>,
    /// The path from where a drag started to where the model is now, and its cost.
    pub path: Option<(Vec<Pt>, Option<f32>)>,
    key: Option<(ModelId, Pt, u32)>,
}

impl MoveRange {
    /// Sets the cost rules and allowance shown; the field is worked out again if they changed.
    pub fn set_move(&mut self, rules: MoveRules, allowance: f32) {
        if self.rules != rules || self.allowance != allowance {
            self.rules = rules;
            self.allowance = allowance;
            self.key = None;
        }
    }
}

impl Default for MoveRange {
    fn default() -> Self {
        Self {
            on: false,
            allowance: 6.0,
            rules: MoveRules::default(),
            field: None,
            path: None,
            key: None,
        }
    }
}

/// Damaged-structure markers on the table, and the base size the level's models use.
#[derive(Resource, Debug)]
pub struct Hazards {
    pub markers: Vec<Hazard>,
    pub base: f32,
}

impl Default for Hazards {
    fn default() -> Self {
        Self {
            markers: Vec::new(),
            base: 1.0,
        }
    }
}

fn rebuild_scene(
    mut commands: Commands,
    state: Option<Res<TableState>>,
    settings: Res<SightSettings>,
    scene: Option<ResMut<SightScene>>,
    mut seen: Local<Option<(u64, crate::table::Placed)>>,
) {
    let Some(state) = state else { return };
    let same_terrain = seen.as_ref().is_some_and(|(rev, models)| {
        *rev == state.terrain_rev && models.len() == state.table.models.len()
    });
    match scene {
        // Only models moved: the scene follows them in place.
        Some(mut scene) if same_terrain && !settings.is_changed() => {
            if !state.is_changed() {
                return;
            }
            let old = &seen.as_ref().expect("checked").1;
            let moved: Vec<_> = state
                .table
                .models
                .iter()
                .zip(old)
                .filter(|(m, o)| m != o)
                .map(|(m, o)| (m.id, m.id == o.id))
                .collect();
            if moved.iter().any(|(_, same_id)| !same_id) {
                scene.0 = Scene::new(&state.table, settings.0);
            } else {
                for (id, _) in moved {
                    let _ = scene.0.update_model(&state.table, id);
                }
            }
        }
        _ => {
            commands.insert_resource(SightScene(Scene::new(&state.table, settings.0)));
        }
    }
    *seen = Some((state.terrain_rev, state.table.models.clone()));
}

fn tool_keys(
    keys: crate::app::base::keys::Keys,
    mode: Res<State<Mode>>,
    mut tool: ResMut<ActiveTool>,
    mut range: ResMut<MoveRange>,
) {
    use crate::app::base::keys::Key;
    let mut toggle = |k: Key, t: ActiveTool| {
        if keys.just_pressed(k) {
            *tool = if *tool == t { ActiveTool::Select } else { t };
        }
    };
    toggle(Key::Sight, ActiveTool::Los);
    toggle(Key::Template, ActiveTool::Template);
    if *mode.get() != Mode::Game {
        toggle(Key::HeavyHit, ActiveTool::HeavyHit);
    }
    if keys.just_pressed(Key::MoveRange) {
        range.on = !range.on;
    }
}

fn los_clicks(
    mouse: Res<ButtonInput<MouseButton>>,
    hit: Res<CursorHit>,
    tool: Res<ActiveTool>,
    mut los: ResMut<SightTool>,
) {
    if *tool != ActiveTool::Los || !mouse.just_pressed(MouseButton::Left) {
        return;
    }
    match hit.model {
        Some(id) if los.shooter.is_none() || los.target.is_some() => {
            *los = SightTool {
                shooter: Some(id),
                ..default()
            };
        }
        Some(id) if Some(id) != los.shooter => los.target = Some(id),
        Some(_) => {}
        None => *los = SightTool::default(),
    }
}

fn update_los(
    state: Option<Res<TableState>>,
    scene: Option<Res<SightScene>>,
    mut los: ResMut<SightTool>,
) {
    let (Some(state), Some(scene)) = (state, scene) else {
        return;
    };
    if !scene.is_changed() && !los.is_changed() {
        return;
    }
    let (Some(a), Some(b)) = (los.shooter, los.target) else {
        if los.los.is_some() {
            los.los = None;
        }
        return;
    };
    let t = &state.table;
    match (
        scene.0.line_of_sight(t, a, b, true),
        scene.0.cover(t, a, b, false),
        t.distance(a, b),
    ) {
        (Ok(l), Ok(c), Ok(d)) => {
            los.los = Some(l);
            los.cover = c;
            los.distance = d;
        }
        _ => *los = SightTool::default(),
    }
}

fn template_clicks(
    mouse: Res<ButtonInput<MouseButton>>,
    hit: Res<CursorHit>,
    tool: Res<ActiveTool>,
    mut tpl: ResMut<TemplateTool>,
) {
    if *tool != ActiveTool::Template || !mouse.just_pressed(MouseButton::Left) {
        return;
    }
    tpl.at = hit
        .model
        .map(TemplateAt::Model)
        .or(hit.ground.map(TemplateAt::Point));
}

fn update_template(
    state: Option<Res<TableState>>,
    scene: Option<Res<SightScene>>,
    mut tpl: ResMut<TemplateTool>,
) {
    let (Some(state), Some(scene)) = (state, scene) else {
        return;
    };
    if !scene.is_changed() && !tpl.is_changed() {
        return;
    }
    let Some(at) = tpl.at else { return };
    match under_template(&state.table, &scene.0, at, tpl.diameter) {
        Ok(h) => {
            tpl.hits = h;
            tpl.error = None;
        }
        Err(e) => {
            tpl.hits.clear();
            tpl.error = Some(e.to_string());
        }
    }
}

fn update_range(
    state: Option<Res<TableState>>,
    scene: Option<Res<SightScene>>,
    sel: Res<Selection>,
    drag: Res<Drag>,
    mut range: ResMut<MoveRange>,
) {
    let (Some(state), Some(scene)) = (state, scene) else {
        return;
    };
    let Some(id) = sel.0.filter(|_| range.on) else {
        range.field = None;
        range.path = None;
        range.key = None;
        return;
    };
    let Ok(m) = state.table.model(id) else { return };
    // While dragging, the field stays where the drag began and the path follows the model.
    let from = if drag.model == Some(id) {
        drag.start
    } else {
        m.pos
    };
    let key = (id, from, range.allowance.to_bits());
    if range.key != Some(key) || (drag.model.is_none() && scene.is_changed()) {
        // The search starts from `from`: place a copy of the model there for it.
        let mut t = state.table.clone();
        let _ = t.move_model(id, from);
        let rules = range.rules;
        range.field = CostField::new(
            &t,
            &Scene::new(&t, scene.0.options),
            id,
            &rules,
            range.allowance,
        )
        .ok();
        range.key = Some(key);
    }
    range.path = if drag.model == Some(id) {
        range.field.as_ref().map(|f| {
            (
                f.path_to(m.pos).unwrap_or_else(|| vec![from, m.pos]),
                f.cost_to(m.pos),
            )
        })
    } else {
        None
    };
}

fn heavy_hit_clicks(
    mouse: Res<ButtonInput<MouseButton>>,
    hit: Res<CursorHit>,
    tool: Res<ActiveTool>,
    state: Option<Res<TableState>>,
    mut hazards: ResMut<Hazards>,
    mut notices: ResMut<Notices>,
) {
    if *tool != ActiveTool::HeavyHit || !mouse.just_pressed(MouseButton::Left) {
        return;
    }
    let (Some(state), Some(p)) = (state, hit.ground) else {
        return;
    };
    match Hazard::from_heavy_hit(&state.table, p, hazards.base) {
        Ok(Some(h)) => {
            notices.status = format!(
                "Heavy weapon hit a weak (W) area: damaged structure marker {:.1}\" across",
                h.diameter
            );
            hazards.markers.push(h);
        }
        Ok(None) => notices.status = "Not a weak (W) area: the structure holds".into(),
        Err(e) => notices.status = format!("Heavy hit: {e}"),
    }
}

/// When a drag ends, a model whose move entered a damaged-structure marker plays the event.
fn check_hazards(
    drag: Res<Drag>,
    state: Option<Res<TableState>>,
    hazards: Res<Hazards>,
    mut dice: ResMut<SandboxDice>,
    mut notices: ResMut<Notices>,
    mut last: Local<Option<(ModelId, Pt)>>,
) {
    let Some(state) = state else { return };
    if let Some(id) = drag.model {
        *last = Some((id, drag.start));
        return;
    }
    let Some((id, start)) = last.take() else {
        return;
    };
    let Ok(m) = state.table.model(id) else { return };
    if !hazards
        .markers
        .iter()
        .any(|h| h.entered_by(&[start, m.pos], m.base_diameter))
    {
        return;
    }
    notices.status = match resolve_damaged_structure(&mut dice.0, &m.name) {
        Ok(FloorOutcome::Holds) => format!("Damaged structure: the floor holds under {}", m.name),
        Ok(FloorOutcome::Stuck { ap }) => format!(
            "Damaged structure: the floor gives way; {} is stuck until {ap} AP are spent",
            m.name
        ),
        Ok(FloorOutcome::Collapses) => format!(
            "Damaged structure: the section collapses and {} falls to its death",
            m.name
        ),
        Err(e) => format!("Damaged structure: {e}"),
    };
}

fn v3(v: bevy_rapier3d::parry::math::Vector) -> Vec3 {
    Vec3::new(v.x, v.y, v.z)
}

fn draw_los(
    tool: Res<ActiveTool>,
    los: Res<SightTool>,
    state: Option<Res<TableState>>,
    mut gizmos: Gizmos,
) {
    let Some(state) = state else { return };
    if *tool != ActiveTool::Los {
        return;
    }
    for (id, c) in [
        (los.shooter, Color::srgb(0.3, 0.9, 1.0)),
        (los.target, Color::srgb(1.0, 0.4, 0.9)),
    ] {
        if let Some(m) = id.and_then(|i| state.table.model(i).ok()) {
            gizmos
                .circle(flat(to_world(m.pos, m.h + 0.15)), m.radius() + 0.2, c)
                .resolution(40);
        }
    }
    let Some(l) = &los.los else { return };
    let clear = if l.verdict == Verdict::Full {
        Color::srgb(0.2, 1.0, 0.3)
    } else {
        Color::srgb(1.0, 0.7, 0.1)
    };
    for line in &l.lines {
        gizmos.line(
            v3(line.from),
            v3(line.to),
            if line.clear {
                clear
            } else {
                Color::srgb(1.0, 0.15, 0.1)
            },
        );
    }
}

fn draw_template(
    tool: Res<ActiveTool>,
    tpl: Res<TemplateTool>,
    state: Option<Res<TableState>>,
    mut gizmos: Gizmos,
) {
    let Some(state) = state else { return };
    if *tool != ActiveTool::Template {
        return;
    }
    let t = &state.table;
    let centre = match tpl.at {
        Some(TemplateAt::Point(p)) => p,
        Some(TemplateAt::Model(id)) => match t.model(id) {
            Ok(m) => m.pos,
            Err(_) => return,
        },
        None => return,
    };
    if tpl.diameter > 0.0 {
        let c = to_world(centre, t.surface_height(centre) + 0.2);
        gizmos
            .circle(flat(c), tpl.diameter / 2.0, Color::srgb(1.0, 0.5, 0.0))
            .resolution(64);
        gizmos
            .circle(
                flat(c),
                tpl.diameter / 2.0 - 0.05,
                Color::srgb(1.0, 0.5, 0.0),
            )
            .resolution(64);
    }
    for (id, cov) in &tpl.hits {
        if let Ok(m) = t.model(*id) {
            let col = if *cov == Coverage::Wholly {
                Color::srgb(1.0, 0.1, 0.1)
            } else {
                Color::srgb(1.0, 0.8, 0.1)
            };
            gizmos
                .circle(flat(to_world(m.pos, m.h + 0.16)), m.radius() + 0.15, col)
                .resolution(32);
            gizmos
                .circle(flat(to_world(m.pos, m.h + 0.16)), m.radius() + 0.25, col)
                .resolution(32);
        }
    }
}

fn draw_range(range: Res<MoveRange>, state: Option<Res<TableState>>, mut gizmos: Gizmos) {
    let (Some(state), Some(f)) = (state, &range.field) else {
        return;
    };
    let t = &state.table;
    let cyan = Color::srgba(0.2, 0.9, 1.0, 0.9);
    // The outline of the reachable cells.
    let reach = |c: i64, r: i64| {
        c >= 0
            && r >= 0
            && (c as usize) < f.cols
            && (r as usize) < f.rows
            && f.cost_to(f.centre(c as usize, r as usize)).is_some()
    };
    let h = |p: Pt| t.surface_height(p) + 0.06;
    for (p, _) in f.reachable() {
        let (c, r) = ((p.x / f.cell) as i64, (p.y / f.cell) as i64);
        let half = f.cell / 2.0;
        for (dc, dr, a, b) in [
            (1, 0, (half, -half), (half, half)),
            (-1, 0, (-half, -half), (-half, half)),
            (0, 1, (-half, half), (half, half)),
            (0, -1, (-half, -half), (half, -half)),
        ] {
            if !reach(c + dc, r + dr) {
                let pa = p.add(Pt::new(a.0, a.1));
                let pb = p.add(Pt::new(b.0, b.1));
                gizmos.line(to_world(pa, h(p)), to_world(pb, h(p)), cyan);
            }
        }
    }
    if let Some((path, cost)) = &range.path {
        let col = if cost.is_some() {
            Color::srgb(0.2, 1.0, 0.4)
        } else {
            Color::srgb(1.0, 0.2, 0.2)
        };
        gizmos.linestrip(path.iter().map(|p| to_world(*p, h(*p) + 0.1)), col);
        if let Some(last) = path.last() {
            let label = cost.map_or("out of range".to_string(), |c| format!("{c:.1}\""));
            gizmos.text(
                Isometry3d::from_translation(to_world(*last, h(*last) + 2.2)),
                &label,
                0.7,
                Vec2::ZERO,
                col,
            );
        }
    }
}

fn draw_hazards(hazards: Res<Hazards>, state: Option<Res<TableState>>, mut gizmos: Gizmos) {
    let Some(state) = state else { return };
    for h in &hazards.markers {
        draw_hazard(&mut gizmos, &state.table, h);
    }
}

/// A damaged-structure marker on the table: an orange ring with a cross, on the ground under
/// its centre. The sandbox's heavy-hit tool and a rule set's own markers look alike.
pub fn draw_hazard(gizmos: &mut Gizmos, table: &crate::table::Table, h: &Hazard) {
    let c = to_world(h.centre, table.surface_height(h.centre) + 0.08);
    let orange = Color::srgb(1.0, 0.45, 0.0);
    gizmos
        .circle(flat(c), h.diameter / 2.0, orange)
        .resolution(48);
    gizmos
        .circle(flat(c), h.diameter / 2.0 - 0.1, Color::BLACK)
        .resolution(48);
    let r = h.diameter / 2.0 * 0.7;
    gizmos.line(c + Vec3::new(-r, 0.0, -r), c + Vec3::new(r, 0.0, r), orange);
    gizmos.line(c + Vec3::new(-r, 0.0, r), c + Vec3::new(r, 0.0, -r), orange);
}

/// The tool window: what the active geometry tool found, and its settings.
fn tool_window(
    mut contexts: EguiContexts,
    tool: Res<ActiveTool>,
    state: Option<Res<TableState>>,
    los: Res<SightTool>,
    mut tpl: ResMut<TemplateTool>,
    mut range: ResMut<MoveRange>,
    mut hazards: ResMut<Hazards>,
    mut settings: ResMut<SightSettings>,
    mode: Res<State<crate::app::base::mode::Mode>>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let Some(state) = state else { return Ok(()) };
    // In a game the card panel is wider and the rules price each move themselves.
    let in_game = *mode.get() == crate::app::base::mode::Mode::Game;
    let (anchor, offset) = if in_game {
        (egui::Align2::RIGHT_TOP, [-336.0, 64.0])
    } else {
        (egui::Align2::RIGHT_BOTTOM, [-262.0, -34.0])
    };
    let name = |id: Option<ModelId>| {
        id.and_then(|i| state.table.model(i).ok())
            .map_or("-".to_string(), |m| format!("{} ({})", m.name, m.id))
    };
    let show = matches!(
        *tool,
        ActiveTool::Los | ActiveTool::Template | ActiveTool::HeavyHit
    ) || range.on;
    if !show {
        return Ok(());
    }
    egui::Window::new("Geometry").anchor(anchor, offset).resizable(false).show(&ctx, |ui| {
        match *tool {
            ActiveTool::Los => {
                ui.strong("Line of sight (L)");
                ui.label("Click a shooter, then a target.");
                ui.label(format!("Shooter: {}", name(los.shooter)));
                ui.label(format!("Target: {}", name(los.target)));
                if let Some(l) = &los.los {
                    let (text, col) = match l.verdict {
                        Verdict::Full => ("Full line of sight", egui::Color32::LIGHT_GREEN),
                        Verdict::Partial => ("Partial line of sight", egui::Color32::from_rgb(255, 190, 40)),
                        Verdict::None => ("No line of sight", egui::Color32::from_rgb(255, 90, 80)),
                    };
                    ui.label(egui::RichText::new(text).size(18.0).color(col).strong());
                    ui.label(format!("Visible: {:.0}% of the target", l.fraction * 100.0));
                    ui.label(format!("Distance: {:.1}\" base edge to base edge", los.distance));
                    if los.cover.is_empty() {
                        ui.label("Cover: none");
                    } else {
                        for c in &los.cover {
                            ui.label(format!("Cover: {c}"));
                        }
                    }
                }
                ui.separator();
                ui.checkbox(&mut settings.0.models_block, "Models block sight");
                ui.checkbox(&mut settings.0.wrecks_block, "Wrecks block sight");
            }
            ActiveTool::Template => {
                ui.strong("Blast template (B)");
                ui.horizontal(|ui| {
                    if ui.selectable_label(tpl.diameter == 3.0, "3\"").clicked() {
                        tpl.diameter = 3.0;
                    }
                    if ui.selectable_label(tpl.diameter == 5.0, "5\"").clicked() {
                        tpl.diameter = 5.0;
                    }
                    ui.label("custom");
                    ui.add(egui::DragValue::new(&mut tpl.diameter).speed(0.1).range(-1.0..=24.0).suffix("\""));
                });
                ui.label("Click a model or a point to centre it.");
                if let Some(e) = &tpl.error {
                    ui.colored_label(egui::Color32::from_rgb(255, 90, 80), e);
                }
                for (id, cov) in &tpl.hits {
                    let how = if *cov == Coverage::Wholly { "wholly" } else { "partly" };
                    ui.label(format!("{} {how} under the template", name(Some(*id))));
                }
                if tpl.at.is_some() && tpl.hits.is_empty() && tpl.error.is_none() {
                    ui.label("No models under the template.");
                }
            }
            ActiveTool::HeavyHit => {
                ui.strong("Heavy weapon hit (H)");
                ui.label("Click where a heavy weapon hit: on a weak (W) area a damaged-structure marker twice the base size is placed. Models moved onto it roll for the floor.");
                ui.add(egui::DragValue::new(&mut hazards.base).speed(0.05).range(0.5..=6.0).prefix("base size ").suffix("\""));
                ui.label(format!("Markers: {}", hazards.markers.len()));
                if ui.button("Clear markers").clicked() {
                    hazards.markers.clear();
                }
            }
            _ => {}
        }
        if range.on {
            ui.separator();
            ui.strong("Movement range (R)");
            ui.add(egui::DragValue::new(&mut range.allowance).speed(0.1).range(0.5..=48.0).prefix("allowance ").suffix("\""));
            ui.label("Rough ground, climbing and making way cost double.");
            if let Some((_, cost)) = range.path.as_ref().filter(|_| !in_game) {
                ui.label(match cost {
                    Some(c) => format!("This move costs {c:.1}\""),
                    None => "This move is out of range".into(),
                });
            }
        }
    });
    let _ = TapeEnd::Point(Pt::default());
    Ok(())
}
