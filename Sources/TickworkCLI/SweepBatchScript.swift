import Backtest

/// `sweep.sbatch`: the Slurm batch script of a planned sweep, one array task per cell. Each task
/// runs `tickwork sweep cell DIR $SLURM_ARRAY_TASK_ID`, which writes the cell's result whole
/// (a temporary file renamed into place), so a requeued task rewrites the same bytes and a
/// reader never sees half a result.
enum SweepBatchScript {
    /// The script for `manifest` in `directory` (an absolute path without whitespace: `#SBATCH`
    /// lines cannot quote).
    static func text(_ manifest: SweepManifest, directory: SweepDirectory) -> String {
        let resources = manifest.resources
        let last = manifest.cells - 1
        return """
            #!/bin/bash
            # A Tickwork sweep: \(manifest.strategy), \(manifest.cells) cells over \(manifest.data.map(\.path).joined(separator: ", ")).
            # Written by 'tickwork sweep plan'; submit with 'tickwork sweep submit \(directory.path)'.
            #SBATCH --job-name=tickwork-sweep
            #SBATCH --array=0-\(last)%\(resources.maxParallel)
            #SBATCH --ntasks=1
            #SBATCH --cpus-per-task=1
            #SBATCH --time=\(resources.time)
            #SBATCH --mem=\(resources.memory)
            #SBATCH --chdir=\(directory.path)
            #SBATCH --output=\(directory.logsPath)/%A_%a.out
            #SBATCH --error=\(directory.logsPath)/%A_%a.err
            set -eu
            exec \(shellQuoted(manifest.executable)) sweep cell \(shellQuoted(directory.path)) "$SLURM_ARRAY_TASK_ID"

            """
    }

    /// `text` as one shell word: single-quoted, each `'` written `'\''`.
    static func shellQuoted(_ text: String) -> String {
        "'" + text.replacing("'", with: "'\\''") + "'"
    }
}
