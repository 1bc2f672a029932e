import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// Whether a file may be trusted, by its owner and mode, with the rules sshd applies to its keys
/// (`StrictModes`): code, and the directory it is loaded from, must be writable by no one but its
/// owner and root, and so must every directory above it unless it is sticky; a secret must be
/// readable by no one but its owner. Symbolic links are followed: the file examined is the one
/// that would be opened.
public enum FileSafety {
    /// Why `path` (a plugin or a plugin directory) cannot be trusted as code: it is writable by
    /// its group or by others, or owned by a user who is neither root nor this process's. Nil
    /// when it can, and when it cannot be examined at all (opening it then fails with a message
    /// of its own).
    public static func codeProblem(_ path: String) -> String? {
        guard let status = status(path) else { return nil }
        if status.st_mode & 0o022 != 0 {
            return "writable by group or others (mode \(mode(status))); it must be writable only by its owner and root"
        }
        return ownerProblem(status)
    }

    /// Why the directory `path`, or a directory above it, cannot be trusted to hold code: `path`
    /// by `codeProblem`'s rule; every directory above it up to `/`, along the path as written and
    /// along the one it resolves to (symbolic links followed), must be owned by root or this
    /// process's user and writable by no one else, unless it is sticky as `/tmp` is (there no one
    /// may rename or remove another's entry, and the entry below is checked in its turn). Whoever
    /// can write a directory above could otherwise move the plugins' directory aside and put one
    /// of their own in its place. The directory at fault and why; nil when all can be trusted, a
    /// directory that cannot be examined being left to the opening, which then fails.
    public static func directoryProblem(_ path: String) -> (path: String, problem: String)? {
        if let problem = codeProblem(path) { return (path, problem) }
        for ancestor in ancestors(of: path) {
            guard let status = status(ancestor) else { continue }
            if status.st_mode & 0o022 != 0, status.st_mode & S_ISVTX == 0 {
                return (ancestor, "writable by group or others (mode \(mode(status))) and not sticky; a directory above plugins must be writable only by its owner and root, or sticky as /tmp is")
            }
            if let problem = ownerProblem(status) { return (ancestor, problem) }
        }
        return nil
    }

    /// The directories above `path` as written (made absolute against the working directory)
    /// and above the path it resolves to, each once, nearest first.
    private static func ancestors(of path: String) -> [String] {
        var written = path
        if !path.hasPrefix("/"), let directory = getcwd(nil, 0) {
            written = String(cString: directory) + "/" + path
            free(directory)
        }
        var paths = [written]
        if let resolved = realpath(path, nil) {
            paths.append(String(cString: resolved))
            free(resolved)
        }
        var found: [String] = []
        for var directory in paths {
            while true {
                let parent = PathText.directory(of: directory)
                guard !parent.isEmpty, parent != directory else { break }
                if !found.contains(parent) { found.append(parent) }
                directory = parent
            }
        }
        return found
    }

    /// Why a file of `status` cannot be trusted by its owner: neither root nor this process's user.
    private static func ownerProblem(_ status: stat) -> String? {
        let user = geteuid()
        guard status.st_uid != 0, status.st_uid != user else { return nil }
        return "owned by uid \(status.st_uid), neither root nor this process's user (uid \(user))"
    }

    /// Why `path` cannot be trusted to hold a secret: its group or others may read or write it.
    /// Nil when it can, and when it cannot be examined at all.
    public static func secretProblem(_ path: String) -> String? {
        guard let status = status(path) else { return nil }
        guard status.st_mode & 0o077 == 0 else {
            return "readable or writable by group or others (mode \(mode(status))); make it 0600 (chmod 600), as ssh requires of a private key"
        }
        return nil
    }

    private static func status(_ path: String) -> stat? {
        var status = stat()
        return stat(path, &status) == 0 ? status : nil
    }

    /// The permission bits as `chmod` writes them: `0644`.
    private static func mode(_ status: stat) -> String {
        let text = String(status.st_mode & 0o7777, radix: 8)
        return String(repeating: "0", count: max(0, 4 - text.count)) + text
    }
}
