//! The record of what `leapfrog generate` wrote: `data/secret/.generated.json` maps each file it
//! wrote to the SHA-256 of its bytes, and remembers the plan and each test's recipe. A file that is not in
//! the record, or no longer has the recorded hash, was not generated (or was edited since), and
//! generate leaves it alone unless forced.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::Context;
use serde::{Deserialize, Serialize};

use leapfrog_util::file_hash;

pub const FILE_NAME: &str = ".generated.json";

#[derive(Debug, Default, Clone, Serialize, Deserialize)]
pub struct Manifest {
    /// The SHA-256 of the plan and leapfrog's version, to notice a plan edited since.
    pub plan: String,
    /// Paths relative to `data/` (`secret/none/01.in`) and the SHA-256 of their bytes.
    pub files: BTreeMap<String, String>,
    /// Each test's recipe (see `stale`) when its files were written, by test name.
    #[serde(default)]
    pub tests: BTreeMap<String, String>,
}

impl Manifest {
    pub fn path(data: &Path) -> PathBuf {
        data.join("secret").join(FILE_NAME)
    }

    /// The manifest, or an empty one when there is none.
    pub fn load(data: &Path) -> anyhow::Result<Manifest> {
        let path = Manifest::path(data);
        if !path.exists() {
            return Ok(Manifest::default());
        }
        let text = std::fs::read_to_string(&path)
            .with_context(|| format!("reading {}", path.display()))?;
        serde_json::from_str(&text)
            .with_context(|| format!("{}: not a generate manifest", path.display()))
    }

    /// Whether the file at `rel` (below `data/`) is exactly what generate last wrote there.
    pub fn owns(&self, data: &Path, rel: &str) -> bool {
        self.files
            .get(rel)
            .is_some_and(|hash| file_hash(&data.join(rel)).as_deref() == Some(hash.as_str()))
    }

    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = serde_json::to_vec_pretty(self).expect("a manifest serialises");
        bytes.push(b'\n');
        bytes
    }
}
