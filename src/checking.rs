//! Deciding whether an output is right: the default token diff and custom output validators.
