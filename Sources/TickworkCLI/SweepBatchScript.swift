import Sweeps

/// `sweep.sbatch`: the Slurm batch script of a planned sweep, one array task per cell. Each task
/// runs `tickwork sweep cell DIR $SLURM_ARRAY_TASK_ID`, which writes the cell's result whole
/// (a temporary file renamed into place), so a requeued task rewrites the same bytes and a
/// reader never sees half a result.
enum SweepBatchScript {
    /// The script for `manifest` in `directory` (an absolute path without whitespace or control
    /// characters: `#SBATCH` lines cannot quote, and `sweep plan` refuses any other).
    ///
    /// Text the planner did not choose reaches bash only as one quoted word (`shellQuoted`): the
    /// strategy's name and the recordings' paths, which may hold a newline that would end a
    /// comment and start a command, are left to `sweep.json`.
    static func text(_ manifest: SweepManifest, directory: SweepDirectory) -> String {
        precondition(isPlain(directory.path), "sweep plan refuses a directory whose path #SBATCH lines cannot carry")
        let resources = manifest.resources
        let last = manifest.cells - 1
        return """
            #!/bin/bash
            # A Tickwork sweep of \(manifest.cells) cells: its strategy, grid and recordings are in sweep.json.
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

    /// `test.sbatch` of walk-forward window `window` (in `windowDirectory`) of the walk-forward
    /// in `directory`: one task that runs `tickwork sweep test DIR W`, the window's chosen cell
    /// on its test days, submitted to start once the window's training array has ended well.
    static func testText(_ manifest: SweepManifest, directory: WalkForwardDirectory, window: Int, windowDirectory: SweepDirectory) -> String {
        precondition(isPlain(directory.path), "sweep plan refuses a directory whose path #SBATCH lines cannot carry")
        let resources = manifest.resources
        return """
            #!/bin/bash
            # The test run of window \(window) of a Tickwork walk-forward: its chosen cell over its test days.
            # Written by 'tickwork sweep plan --walk-forward'; 'tickwork sweep submit \(directory.path)' submits it after the window's sweep.
            #SBATCH --job-name=tickwork-walk-forward-test
            #SBATCH --ntasks=1
            #SBATCH --cpus-per-task=1
            #SBATCH --time=\(resources.time)
            #SBATCH --mem=\(resources.memory)
            #SBATCH --chdir=\(directory.path)
            #SBATCH --output=\(windowDirectory.logsPath)/test_%j.out
            #SBATCH --error=\(windowDirectory.logsPath)/test_%j.err
            set -eu
            exec \(shellQuoted(manifest.executable)) sweep test \(shellQuoted(directory.path)) \(window)

            """
    }

    /// Whether `path` can stand in an `#SBATCH` line and a comment as it is: no whitespace (which
    /// would end the value) and no control character (a newline would end the line).
    static func isPlain(_ path: String) -> Bool {
        !path.unicodeScalars.contains { $0.properties.isWhitespace || $0.properties.generalCategory == .control }
    }

    /// `text` as one shell word: single-quoted, each `'` written `'\''`.
    static func shellQuoted(_ text: String) -> String {
        "'" + text.replacing("'", with: "'\\''") + "'"
    }
}
