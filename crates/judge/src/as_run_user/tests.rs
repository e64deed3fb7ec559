//! Unit tests of `as_run_user`.

use super::*;

/// A testlib checker's path to the output: its own where others may reach it, the open
/// stdin where only the directory is closed, a copy only where the file itself is.
#[test]
fn an_output_is_named_by_its_path_or_by_stdin_and_copied_only_when_unreadable() {
    let root = std::env::temp_dir().join(format!("leapfrog-output-path-{}", std::process::id()));
    let (shared, private, scratch) = (root.join("shared"), root.join("private"), root.join("s"));
    for (dir, mode) in [
        (&root, 0o755),
        (&shared, 0o755),
        (&private, 0o700),
        (&scratch, 0o700),
    ] {
        std::fs::create_dir_all(dir).unwrap();
        std::fs::set_permissions(dir, std::fs::Permissions::from_mode(mode)).unwrap();
    }
    let user = Some(RunUser {
        uid: 65534,
        gid: 65534,
    });
    let write = |path: &Path, mode: u32| {
        std::fs::write(path, "1 2 3\n").unwrap();
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
        path.to_path_buf()
    };
    let open = write(&shared.join("out"), 0o644);
    assert_eq!(output_path(user, &open, &scratch).unwrap(), open);
    let closed_dir = write(&private.join("out"), 0o644);
    let reached = output_path(user, &closed_dir, &scratch).unwrap();
    assert_eq!(reached, Path::new("/dev/stdin"));
    assert!(!scratch.join("output").exists(), "no copy");
    let closed_file = write(&private.join("own"), 0o600);
    assert_eq!(
        output_path(user, &closed_file, &scratch).unwrap(),
        scratch.join("output")
    );
    assert_eq!(
        output_path(None, &closed_file, &scratch).unwrap(),
        closed_file
    );
    std::fs::remove_dir_all(&root).unwrap();
}
