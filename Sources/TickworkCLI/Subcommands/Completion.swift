import CommandLineKit

/// `tickwork completion bash|zsh`: the shell completion script, from the command tree.
enum Completion {
    /// The shells there is a script for.
    enum Shell: String, Sendable {
        case bash, zsh
    }

    static let command = Command(
        name: "completion",
        summary: "Print the shell completion script for bash or zsh.",
        discussion: """
            Made from the command tree, so it completes every command and option --help shows. \
            The package installs both: bash's as /usr/share/bash-completion/completions/tickwork, \
            zsh's as /usr/share/zsh/vendor-completions/_tickwork. By hand: \
            tickwork completion bash > ~/.local/share/bash-completion/completions/tickwork, or \
            tickwork completion zsh > a directory on $fpath as _tickwork.
            """,
        arguments: [shell],
        run: run
    )

    static let shell: Argument<Shell> = .required("SHELL", help: "bash or zsh.", parse: .oneOf("bash or zsh"))

    static func run(_ invocation: Invocation) throws -> Int32 {
        let root = CommandTree.root
        Console.out(invocation[Self.shell] == .bash ? CompletionScript.bash(root) : CompletionScript.zsh(root), terminator: "")
        return 0
    }
}
