//! Model packs in a headless app: an enabled pack loads in the background and its models stand
//! on the bases of the unit types it draws (fitted to the base and the body height), the rest
//! keep the built-in figures; a pack with a bad file loads the rest and names the skipped
//! file; a textured glTF model is drawn with its texture (PNG and JPEG) through Bevy's glTF
//! loader; a game played with a pack enabled reaches the same hash as one played without; the
//! preview's own camera is never taken for the table's.

use bevy::prelude::*;
use std::path::{Path, PathBuf};
use wartable::app::base::packs::EXAMPLE;
use wartable::app::base::settings::Settings;
use wartable::app::game::session::ActiveGame;
use wartable::app::games::kog::session::KogSession;
use wartable::app::view::pack_figures::DrawnModel;
use wartable::app::view::pack_load::{FoundPacks, PackLoading, PackModels};
use wartable::app::view::table_entities::{Base, Miniature};
use wartable::data::packs::manifest::{Manifest, UnitEntry, to_ron_string};
use wartable::data::packs::{
    GlbTexture, MeshPart, PackMesh, write_glb, write_glb_textured, write_stl,
};
use wartable::rules::core::{Game, Player, QuickSetup, RuleSet};
use wartable::rules::kog::Kog;

/// A figure 2 units wide, 4 tall and 1 deep (glTF axes: y up, front +z): a box in the side's
/// colour and a red head.
fn figure() -> PackMesh {
    let mut m = PackMesh::default();
    let cube = |m: &mut PackMesh, lo: [f32; 3], hi: [f32; 3]| {
        let base = m.positions.len() as u32;
        for i in 0..8 {
            m.positions.push([
                if i & 1 == 0 { lo[0] } else { hi[0] },
                if i & 2 == 0 { lo[1] } else { hi[1] },
                if i & 4 == 0 { lo[2] } else { hi[2] },
            ]);
        }
        for q in [
            [0, 2, 3, 1],
            [4, 5, 7, 6],
            [0, 1, 5, 4],
            [2, 6, 7, 3],
            [0, 4, 6, 2],
            [1, 3, 7, 5],
        ] {
            m.indices
                .extend([q[0], q[1], q[2], q[0], q[2], q[3]].map(|i| base + i));
        }
    };
    cube(&mut m, [-1.0, 0.0, -0.5], [1.0, 3.0, 0.5]);
    let body = m.indices.len() as u32;
    cube(&mut m, [-0.5, 3.0, -0.5], [0.5, 4.0, 0.5]);
    m.parts = vec![
        MeshPart {
            first: 0,
            count: body,
            color: [1.0; 4],
            material: Some(0),
            side: true,
        },
        MeshPart {
            first: body,
            count: m.indices.len() as u32 - body,
            color: [1.0, 0.0, 0.0, 1.0],
            material: Some(1),
            side: false,
        },
    ];
    m.compute_normals();
    m
}

/// A pack in `dir` drawing `good` unit types (KOG light) with a .glb and an STL, and `bad`
/// with a file that is not a model.
fn write_pack(dir: &Path, good: &[String], bad: &[String]) {
    std::fs::create_dir_all(dir).unwrap();
    std::fs::write(dir.join("fig.glb"), write_glb(&figure())).unwrap();
    // STL's axes: z up, front -y.
    let mut stl = figure();
    for p in stl.positions.iter_mut() {
        *p = [p[0], -p[2], p[1]];
    }
    stl.compute_normals();
    std::fs::write(dir.join("fig.stl"), write_stl(&stl, "fig")).unwrap();
    std::fs::write(dir.join("broken.glb"), b"glTF but not really").unwrap();
    let entry = |unit: &str, file: &str| UnitEntry {
        rules: "kog-light".into(),
        unit: unit.into(),
        file: file.into(),
        scale: None,
        rotation: (0.0, 0.0, 0.0),
        offset: (0.0, 0.0, 0.0),
        paint: None,
    };
    let mut units: Vec<UnitEntry> = good
        .iter()
        .enumerate()
        .map(|(i, u)| entry(u, if i % 2 == 0 { "fig.glb" } else { "fig.stl" }))
        .collect();
    units.extend(bad.iter().map(|u| entry(u, "broken.glb")));
    let m = Manifest {
        name: "Test pack".into(),
        description: String::new(),
        units,
        terrain: Vec::new(),
    };
    std::fs::write(dir.join("pack.ron"), to_ron_string(&m).unwrap()).unwrap();
}

fn kog_game(seed: u64) -> Game<Kog> {
    let setup = Kog::quick_setup(&QuickSetup {
        seed,
        ..Default::default()
    })
    .unwrap();
    Game::<Kog>::new(setup).unwrap()
}

/// A game played until every model stands on the table (deployed).
fn deployed(seed: u64) -> Game<Kog> {
    let mut g = kog_game(seed);
    let all = Kog::unit_types(&g.state).len();
    for _ in 0..400 {
        if wartable::app::games::kog::session::view_table(&g.state)
            .models
            .len()
            >= all
        {
            break;
        }
        g.self_play(1);
    }
    g
}

/// The distinct unit types of a game, sorted.
fn unit_types(g: &Game<Kog>) -> Vec<String> {
    let mut v: Vec<String> = Kog::unit_types(&g.state)
        .into_iter()
        .map(|(_, u)| u)
        .collect();
    v.sort();
    v.dedup();
    v
}

/// A headless app with the table's dressing, the game's mirror and the pack loader, the
/// packs `enabled` (by id) among `found`.
fn app_with(game: Game<Kog>, found: Vec<(String, PathBuf)>, enabled: &[&str]) -> App {
    let level = game.setup.level.clone();
    let table = wartable::app::games::kog::session::view_table(&game.state);
    use wartable::app::base::state::{ActiveTool, Notices, PointerOverUi, Selection, TableState};
    use wartable::app::view::interact::{Drag, GameGate, Gesture};
    let mut app = App::new();
    // The source Bevy's glTF loader reads pack files from, as the program registers it.
    wartable::app::view::pack_load::register_source(&mut app);
    app.add_plugins((
        MinimalPlugins,
        bevy::transform::TransformPlugin,
        bevy::asset::AssetPlugin::default(),
        bevy::state::app::StatesPlugin,
        bevy::gltf::GltfPlugin::default(),
    ))
    .init_asset::<bevy::world_serialization::WorldAsset>()
    .init_asset::<Mesh>()
    .init_asset::<StandardMaterial>()
    .init_asset::<Image>()
    .init_resource::<wartable::app::view::camera::CameraGoal>()
    .init_resource::<Selection>()
    .init_resource::<Notices>()
    .init_resource::<ActiveTool>()
    .init_resource::<wartable::app::view::picking::CursorHit>()
    .init_resource::<Drag>()
    .init_resource::<GameGate>()
    .init_resource::<PointerOverUi>()
    .init_resource::<ButtonInput<MouseButton>>()
    .init_resource::<ButtonInput<KeyCode>>()
    .add_message::<Gesture>()
    .insert_resource(Settings {
        packs: enabled.iter().map(|s| s.to_string()).collect(),
        ..Default::default()
    })
    .insert_resource(FoundPacks(found))
    .insert_resource({
        let mut l = PackLoading::default();
        l.options.cache_dir = None;
        l
    });
    app.add_plugins((
        wartable::app::base::state::plugin,
        wartable::app::view::table_entities::plugin,
        wartable::app::view::mirror::plugin,
        wartable::app::view::visuals::plugin,
        wartable::app::view::pack_load::plugin,
        wartable::app::view::pack_figures::plugin,
    ));
    app.insert_state(wartable::app::base::mode::Mode::Game);
    app.insert_resource(TableState::new(level, table, None));
    app.insert_resource(ActiveGame::new(KogSession::new(game)));
    app.finish();
    app.cleanup();
    app.update();
    // Frames until the loader is done (it works on another thread).
    for _ in 0..500 {
        app.update();
        if !app.world().resource::<PackLoading>().busy {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    for _ in 0..3 {
        app.update();
    }
    app
}

/// Each miniature's unit type, the model drawing it, its base, and the size of its drawn
/// figure in the miniature's frame (the meshes' bounds through their transforms).
fn drawn(app: &mut App) -> Vec<(String, Option<u64>, Base, Option<Vec3>)> {
    let units = app
        .world()
        .resource::<wartable::app::base::state::TableState>()
        .units
        .of
        .clone();
    let mut q = app
        .world_mut()
        .query::<(Entity, &Miniature, &Base, &DrawnModel)>();
    let minis: Vec<_> = q
        .iter(app.world())
        .map(|(e, m, b, d)| (e, m.id, *b, d.0))
        .collect();
    let models = app.world().resource::<PackModels>();
    let mut out = Vec::new();
    for (_, id, base, uid) in minis {
        let size = uid.and_then(|uid| {
            let m = models.models.iter().find(|m| m.uid == uid)?;
            let fit = wartable::data::packs::fit_miniature(
                &m.mesh,
                base.diameter,
                base.body_height,
                &m.entry,
            )?;
            let b = fit.applied(&m.mesh).bounds()?;
            Some(Vec3::from(b.size()))
        });
        out.push((units.get(&id).cloned().unwrap_or_default(), uid, base, size));
    }
    out
}

/// Pack meshes among a miniature's descendants.
fn pack_meshes_drawn(app: &mut App) -> usize {
    let handles: Vec<AssetId<Mesh>> = app
        .world()
        .resource::<PackModels>()
        .models
        .iter()
        .flat_map(|m| m.parts.iter().map(|(h, _)| h.id()))
        .collect();
    let mut q = app.world_mut().query::<&Mesh3d>();
    q.iter(app.world())
        .filter(|m| handles.contains(&m.0.id()))
        .count()
}

#[test]
fn an_enabled_pack_draws_its_unit_types_fitted_to_their_bases() {
    let game = deployed(5);
    let types = unit_types(&game);
    assert!(types.len() >= 2, "{types:?}");
    let dir = crate::common::temp_dir("pack-app-good").join("test");
    let (good, plain) = types.split_at(types.len() - 1);
    write_pack(&dir, good, &[]);
    let found = vec![("user/test".to_string(), dir)];

    // Not enabled: every miniature is the built-in figure.
    let mut off = app_with(deployed(5), found.clone(), &[]);
    assert!(!drawn(&mut off).is_empty());
    assert!(drawn(&mut off).iter().all(|(_, uid, _, _)| uid.is_none()));
    assert_eq!(pack_meshes_drawn(&mut off), 0);

    let mut app = app_with(game, found, &["user/test"]);
    let loading = app.world().resource::<PackLoading>();
    assert_eq!((loading.done, loading.total), (good.len(), good.len()));
    assert!(loading.errors.is_empty(), "{:?}", loading.errors);
    let minis = drawn(&mut app);
    assert!(!minis.is_empty());
    let mut fitted = 0;
    for (unit, uid, base, size) in &minis {
        if plain.contains(unit) {
            assert!(uid.is_none(), "{unit} has no model in the pack");
            continue;
        }
        assert!(uid.is_some(), "{unit} is drawn by the pack");
        let size = size.expect("fitted");
        // Uniform scale: as tall as the body, or as wide as the base (the smaller).
        let tall = (size.y - base.body_height).abs() < 1e-3;
        let wide = size.x.max(size.z) <= base.diameter + 1e-3;
        assert!(wide, "{unit}: {size} on a {}\" base", base.diameter);
        assert!(
            tall || (size.x.hypot(size.z) - base.diameter).abs() < 0.05 * base.diameter,
            "{unit}: {size} for a body {}\" tall",
            base.body_height
        );
        // Facing +x: the model's width (glTF x, 2 units) lies across, its depth (1) along.
        assert!(size.z > size.x, "{unit}: {size}");
        fitted += 1;
    }
    assert!(fitted > 0);
    // Each part of each fitted figure is a pack mesh, shared between figures of a type: the
    // .glb a body in the side's colour and a red head, the STL one mesh in the side's colour.
    let parts: usize = {
        let models = app.world().resource::<PackModels>();
        minis
            .iter()
            .filter_map(|(_, uid, _, _)| *uid)
            .map(|uid| {
                models
                    .models
                    .iter()
                    .find(|m| m.uid == uid)
                    .unwrap()
                    .parts
                    .len()
            })
            .sum()
    };
    assert!(parts > fitted, "a .glb figure has two colours");
    assert_eq!(pack_meshes_drawn(&mut app), parts);
    let models = app.world().resource::<PackModels>();
    assert_eq!(models.models.len(), good.len());
}

#[test]
fn a_pack_with_a_bad_file_loads_the_rest_and_names_the_skipped_file() {
    let game = deployed(5);
    let types = unit_types(&game);
    let dir = crate::common::temp_dir("pack-app-bad").join("test");
    let (good, bad) = types.split_at(1);
    write_pack(&dir, good, bad);
    let mut app = app_with(game, vec![("user/test".to_string(), dir)], &["user/test"]);
    let loading = app.world().resource::<PackLoading>();
    assert_eq!(loading.done, types.len());
    assert_eq!(loading.errors.len(), bad.len(), "{:?}", loading.errors);
    for e in &loading.errors {
        assert!(e.contains("broken.glb"), "names the file: {e}");
    }
    let minis = drawn(&mut app);
    assert!(minis.iter().any(|(u, _, _, _)| good.contains(u)));
    assert!(minis.iter().any(|(u, _, _, _)| bad.contains(u)));
    for (unit, uid, _, _) in &minis {
        assert_eq!(uid.is_some(), good.contains(unit), "{unit}");
    }
}

/// The shipped example pack, as the app finds it.
fn example() -> Vec<(String, PathBuf)> {
    let dir = wartable::data::packs::shipped_packs_dir().join("example");
    assert_eq!(wartable::app::base::packs::pack_id(&dir), EXAMPLE);
    vec![(EXAMPLE.to_string(), dir)]
}

#[test]
fn the_example_pack_draws_the_unit_types_it_has() {
    let mut app = app_with(deployed(5), example(), &[EXAMPLE]);
    let loading = app.world().resource::<PackLoading>();
    assert!(loading.errors.is_empty(), "{:?}", loading.errors);
    assert_eq!((loading.done, loading.total), (12, 12));
    let minis = drawn(&mut app);
    let models = app.world().resource::<PackModels>();
    let has = |u: &str| models.unit("kog-light", u).is_some();
    let mut by_pack = 0;
    for (unit, uid, base, size) in &minis {
        assert_eq!(uid.is_some(), has(unit), "{unit}");
        if let Some(size) = size {
            // On the base, at most the body's height.
            assert!(size.y <= base.body_height + 1e-3, "{unit}: {size}");
            assert!(size.x.max(size.z) <= base.diameter + 1e-3, "{unit}: {size}");
            by_pack += 1;
        }
    }
    assert!(
        by_pack > 0,
        "the default forces have units the example pack draws"
    );
    assert!(pack_meshes_drawn(&mut app) >= by_pack);
}

#[test]
fn enabling_a_pack_changes_no_hash() {
    let found = example();
    let play = |enabled: &[&str]| {
        let mut g = kog_game(9);
        for seat in g.seats() {
            g.set_player(seat, Player::Program);
        }
        let mut app = app_with(g, found.clone(), enabled);
        for _ in 0..150 {
            let mut active = app.world_mut().resource_mut::<ActiveGame>();
            if active.0.game_mut().program_step() {
                active.0.shell_mut().rev += 1;
            }
            app.update();
        }
        let drawn_by_pack = pack_meshes_drawn(&mut app);
        let s = app
            .world()
            .resource::<ActiveGame>()
            .get::<KogSession>()
            .unwrap();
        (s.game.hash(), s.game.log.len(), drawn_by_pack)
    };
    let (plain, plain_len, none) = play(&[]);
    let (packed, packed_len, some) = play(&[EXAMPLE]);
    assert_eq!(none, 0);
    assert!(some > 0, "the pack's models were on the table");
    assert!(plain_len > 20, "the game went on: {plain_len} commands");
    assert_eq!((packed, packed_len), (plain, plain_len));
    // And the game the rules play alone.
    let mut alone = kog_game(9);
    alone.self_play(plain_len);
    assert_eq!(alone.log.len(), plain_len);
    assert_eq!(alone.hash(), plain);
}

/// The materials drawing the pack meshes on the table: for each mesh entity of a pack model,
/// its material.
fn pack_materials_drawn(app: &mut App) -> Vec<StandardMaterial> {
    let handles: Vec<AssetId<Mesh>> = app
        .world()
        .resource::<PackModels>()
        .models
        .iter()
        .flat_map(|m| m.parts.iter().map(|(h, _)| h.id()))
        .collect();
    let mut q = app
        .world_mut()
        .query::<(&Mesh3d, &MeshMaterial3d<StandardMaterial>)>();
    let ids: Vec<AssetId<StandardMaterial>> = q
        .iter(app.world())
        .filter(|(m, _)| handles.contains(&m.0.id()))
        .map(|(_, mat)| mat.0.id())
        .collect();
    let mats = app.world().resource::<Assets<StandardMaterial>>();
    ids.iter().filter_map(|id| mats.get(*id).cloned()).collect()
}

/// A pack drawing every unit type of `types` (KOG light) with the figure, its body painted
/// with the picture `bytes` (`mime`) laid on by texture coordinates.
fn write_textured_pack(dir: &Path, types: &[String], mime: &str, bytes: &[u8]) {
    std::fs::create_dir_all(dir).unwrap();
    let mut m = figure();
    m.uvs = m
        .positions
        .iter()
        .map(|p| [p[0] * 0.5, p[1] * 0.25])
        .collect();
    m.parts[0].side = false;
    let glb = write_glb_textured(
        &m,
        &[GlbTexture {
            part: 0,
            mime,
            bytes,
        }],
    );
    std::fs::write(dir.join("tex.glb"), glb).unwrap();
    let units = types
        .iter()
        .map(|u| UnitEntry {
            rules: "kog-light".into(),
            unit: u.clone(),
            file: "tex.glb".into(),
            scale: None,
            rotation: (0.0, 0.0, 0.0),
            offset: (0.0, 0.0, 0.0),
            paint: None,
        })
        .collect();
    let m = Manifest {
        name: "Textured".into(),
        description: String::new(),
        units,
        terrain: Vec::new(),
    };
    std::fs::write(dir.join("pack.ron"), to_ron_string(&m).unwrap()).unwrap();
}

#[test]
fn a_textured_glb_is_drawn_with_its_texture_png_and_jpeg() {
    let png = super::textures::tiny_png();
    let jpeg = super::textures::tiny_jpeg();
    for (mime, bytes, name) in [("image/png", &png, "png"), ("image/jpeg", &jpeg, "jpeg")] {
        let game = deployed(5);
        let types = unit_types(&game);
        let dir = crate::common::temp_dir(&format!("pack-app-tex-{name}")).join("tex");
        write_textured_pack(&dir, &types, mime, bytes);
        let mut app = app_with(game, vec![("user/tex".to_string(), dir)], &["user/tex"]);
        let loading = app.world().resource::<PackLoading>();
        assert!(loading.errors.is_empty(), "{name}: {:?}", loading.errors);
        assert!(!loading.busy, "{name}: the materials loaded");
        let models = app.world().resource::<PackModels>();
        assert_eq!(models.models.len(), types.len());
        for m in &models.models {
            assert!(m.loading.is_none());
            // The file's two materials, as Bevy's glTF loader made them.
            assert_eq!(m.materials.len(), 2, "{name}");
        }
        let drawn = pack_materials_drawn(&mut app);
        let textured: Vec<_> = drawn
            .iter()
            .filter_map(|m| m.base_color_texture.clone())
            .collect();
        // Every figure's body wears the picture; the head keeps its red.
        assert!(!textured.is_empty(), "{name}");
        assert_eq!(textured.len() * 2, drawn.len(), "{name}");
        assert!(
            drawn.iter().any(|m| m.base_color_texture.is_none()
                && m.base_color.to_linear().red > 0.9
                && m.base_color.to_linear().green < 0.1),
            "{name}: the red head"
        );
        let images = app.world().resource::<Assets<Image>>();
        let img = images.get(&textured[0]).expect("the texture's image");
        assert_eq!(img.size(), UVec2::new(8, 8), "{name}");
        // The picture's top left pixel: pure red in the PNG, near red in the JPEG.
        let px = img.data.as_ref().expect("pixels")[..3].to_vec();
        if name == "png" {
            assert_eq!(px, vec![255, 0, 0], "{name}");
        } else {
            assert!(px[0] > 200 && px[1] < 60 && px[2] < 60, "{name}: {px:?}");
        }
    }
}

#[test]
fn the_example_packs_kaempfer_and_crates_wear_their_textures() {
    let app = app_with(deployed(5), example(), &[EXAMPLE]);
    let loading = app.world().resource::<PackLoading>();
    assert!(loading.errors.is_empty(), "{:?}", loading.errors);
    let models = app.world().resource::<PackModels>();
    let mats = app.world().resource::<Assets<StandardMaterial>>();
    let textures = |m: &wartable::app::view::pack_load::TableModel| {
        m.materials
            .iter()
            .flatten()
            .filter(|h| mats.get(*h).is_some_and(|s| s.base_color_texture.is_some()))
            .count()
    };
    let kaempfer = models.unit("kog-light", "Kämpfer").expect("the Kämpfer");
    assert_eq!(textures(kaempfer), 1, "the camouflage on the body");
    assert!(!kaempfer.mesh.uvs.is_empty());
    let crates = models.terrain("Crate stack").expect("the crate stack");
    assert_eq!(textures(crates), 1, "the planks");
    let gunner = models
        .unit("kry-gothic", "Heavy Gunner")
        .expect("a plain one");
    assert_eq!(textures(gunner), 0);
    assert!(!gunner.materials.is_empty(), "its colours, from its file");
}

/// The Model packs window's preview draws with a 3D camera of its own, there from the start: the
/// table's systems (picking, the fitted view, the labels and markers, the dice tray) find their
/// camera with `TableCamera`, which matches the orbit camera alone. With `With<Camera3d>` they
/// matched both, their `single()` found none, and no click on the table picked anything.
#[test]
fn the_pack_previews_camera_is_not_taken_for_the_tables() {
    use wartable::app::view::camera::{OrbitCamera, TableCamera};
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, bevy::asset::AssetPlugin::default()))
        .init_asset::<Image>()
        .init_asset::<Mesh>()
        .init_asset::<StandardMaterial>()
        .add_plugins(wartable::app::screens::pack_preview::plugin);
    let table = app
        .world_mut()
        .spawn((Camera3d::default(), OrbitCamera::for_table(48.0, 36.0)))
        .id();
    app.update();
    let cameras_3d = app
        .world_mut()
        .query_filtered::<Entity, With<Camera3d>>()
        .iter(app.world())
        .count();
    assert_eq!(cameras_3d, 2, "the preview's camera and the table's");
    let found: Vec<Entity> = app
        .world_mut()
        .query_filtered::<Entity, TableCamera>()
        .iter(app.world())
        .collect();
    assert_eq!(found, vec![table]);
}
