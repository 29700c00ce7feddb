//! The committed bundle `web/dist/app.js` (what `cargo run` serves, with no Node) is exactly what
//! esbuild builds from `web/src/app.ts` with the package's own build script. `.ci/run` runs
//! `npm ci` in `crates/server/web`; without it this test fails and says so
//! (`SYLVAN_NO_NODE=1` skips it knowingly).

use std::path::PathBuf;
use std::process::Command;

#[test]
fn the_committed_bundle_matches_its_typescript_source() {
    if std::env::var_os("SYLVAN_NO_NODE").is_some() {
        eprintln!("SYLVAN_NO_NODE is set: the bundle was NOT checked against its source");
        return;
    }
    let web = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("web");
    let esbuild = web.join("node_modules/.bin/esbuild");
    assert!(
        esbuild.exists(),
        "esbuild is not installed: run `npm ci` in {} (.ci/run does)",
        web.display()
    );
    let package: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(web.join("package.json")).expect("package.json"),
    )
    .expect("package.json is JSON");
    let script = package["scripts"]["build"]
        .as_str()
        .expect("a build script");
    let out = std::env::temp_dir().join(format!("sylvan-bundle-{}.js", std::process::id()));
    let rebuilt = script.replace(
        "--outfile=dist/app.js",
        &format!("--outfile={}", out.display()),
    );
    assert_ne!(rebuilt, script, "the build script writes dist/app.js");
    let status = Command::new("sh")
        .arg("-c")
        .arg(format!("PATH=node_modules/.bin:$PATH {rebuilt}"))
        .current_dir(&web)
        .status()
        .expect("sh runs");
    assert!(status.success(), "esbuild failed: {status}");
    let fresh = std::fs::read_to_string(&out).expect("the rebuilt bundle");
    let _ = std::fs::remove_file(&out);
    let committed = std::fs::read_to_string(web.join("dist/app.js")).expect("the committed bundle");
    assert!(
        fresh == committed,
        "web/dist/app.js does not match web/src/app.ts: run `npm run build` in {} and commit it",
        web.display()
    );
}
