import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// Whether a file may be trusted, by its owner and mode, with the rules sshd applies to its keys
/// (`StrictModes`): code, and the directory it is loaded from, must be writable by no one but its
/// owner and root; a secret must be readable by no one but its owner. Symbolic links are
/// followed: the file examined is the one that would be opened.
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
        let user = geteuid()
        if status.st_uid != 0, status.st_uid != user {
            return "owned by uid \(status.st_uid), neither root nor this process's user (uid \(user))"
        }
        return nil
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
