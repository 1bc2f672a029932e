import Glibc

/// Files and directories made durable by SQLite's rules: a file is synced before it is renamed
/// into place, and a directory is synced after an entry in it is created or renamed, since
/// fsync(2) of a file does not make its name durable.
public enum DurableFile {
    /// Replaces the file at `path` with `bytes` (mode `mode` if it is new): after a crash it
    /// holds the old content or the new, never a mix; once this returns, the new content and
    /// its name are on disk. Writes `path.tmp-PID`, fsyncs it, renames it over `path`, fsyncs
    /// the directory. Throws the `SystemCallError` naming the path and the call that failed.
    ///
    /// The temporary file is always a new one (`O_CREAT | O_EXCL | O_NOFOLLOW`): a symbolic link
    /// or a hard link planted at its name is never written through, so whoever can write the
    /// directory cannot make this truncate a file they could not write themselves. A name found
    /// there (one left by a crash of an earlier process with this id, or planted) is removed and
    /// made anew once; found again, the replace fails.
    public static func replace(
        _ path: String, with bytes: [UInt8], mode: mode_t = 0o644, fileSystem: any FileSystem = SystemFileSystem()
    ) throws(SystemCallError) {
        let temporary = "\(path).tmp-\(getpid())"
        let flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW
        let fd: Int32
        do throws(SystemCallError) {
            fd = try fileSystem.open(temporary, flags: flags, mode: mode)
        } catch let error where error.errno == EEXIST {
            fileSystem.remove(temporary)
            fd = try fileSystem.open(temporary, flags: flags, mode: mode)
        }
        do throws(SystemCallError) {
            defer { fileSystem.close(fd) }
            try fileSystem.write(fd, bytes, path: temporary)
            try fileSystem.fsync(fd, path: temporary)
        } catch {
            fileSystem.remove(temporary)
            throw error
        }
        do throws(SystemCallError) {
            try fileSystem.rename(temporary, to: path)
        } catch {
            fileSystem.remove(temporary)
            throw error
        }
        try syncDirectory(directoryName(of: path), fileSystem: fileSystem)
    }

    /// Creates `directory` and its missing parents with `mode` (0700 by default: private state;
    /// the process's umask applies), syncing the parent of each one created so that the new
    /// name survives a crash.
    public static func makeDirectories(
        _ directory: String, mode: mode_t = 0o700, fileSystem: any FileSystem = SystemFileSystem()
    ) throws(SystemCallError) {
        var prefix = directory.hasPrefix("/") ? "/" : ""
        for component in directory.split(separator: "/") {
            let parent = prefix.isEmpty ? "." : prefix
            prefix += prefix.isEmpty || prefix.hasSuffix("/") ? String(component) : "/" + component
            if try fileSystem.makeDirectory(prefix, mode: mode) {
                try syncDirectory(parent, fileSystem: fileSystem)
            }
        }
    }

    /// The directory part of `path` (`.` when it has none).
    public static func directoryName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Makes the entries of `directory` durable.
    public static func syncDirectory(_ directory: String, fileSystem: any FileSystem = SystemFileSystem()) throws(SystemCallError) {
        let fd = try fileSystem.open(directory, flags: O_RDONLY | O_DIRECTORY, mode: 0)
        defer { fileSystem.close(fd) }
        try fileSystem.fsync(fd, path: directory)
    }
}
