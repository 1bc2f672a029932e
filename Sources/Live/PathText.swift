/// File paths as text, as Foundation's `NSString` path methods took them apart, without
/// loading Foundation for two string operations.
public enum PathText {
    /// The directory part of `path`: `/etc/tickwork` for `/etc/tickwork/daemon.json` (trailing
    /// slashes ignored), `/` for a file at the root, the empty string for a bare name.
    public static func directory(of path: String) -> String {
        var text = Substring(path)
        while text.count > 1, text.hasSuffix("/") { text = text.dropLast() }
        guard let slash = text.lastIndex(of: "/") else { return "" }
        if slash == text.startIndex { return "/" }
        var directory = text[..<slash]
        while directory.count > 1, directory.hasSuffix("/") { directory = directory.dropLast() }
        return String(directory)
    }

    /// `name` inside `directory`, with one slash between them; `name` alone when `directory`
    /// is empty.
    public static func join(_ directory: String, _ name: String) -> String {
        guard !directory.isEmpty else { return name }
        return directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}
