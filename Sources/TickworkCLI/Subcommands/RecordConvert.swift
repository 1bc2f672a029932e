import Backtest

/// `tickwork record convert`: a recording from one form to the other.
enum RecordConvert {
    static let command = Command(
        name: "convert",
        summary: "Convert a recording between JSON Lines and binary.",
        discussion: """
            Reads IN in either form and writes every record to OUT in the form its name asks \
            for: .jsonl for JSON Lines, .twrb for binary. Converting a recording and converting \
            it back gives the same bytes. An incomplete final record of IN is left out, with a \
            warning on stderr.
            """,
        arguments: [input, output],
        run: run
    )

    static let input: Argument<String> = .required("IN", help: "The recording to read.")
    static let output: Argument<Output> = .required(
        "OUT", help: "The file to write (.jsonl or .twrb).",
        parse: ValueParser { path throws(ValueError) in
            if path.hasSuffix(".jsonl") { return Output(path: path, format: .jsonLines) }
            if path.hasSuffix(".twrb") { return Output(path: path, format: .binary) }
            throw .expected("a name ending in .jsonl (JSON Lines) or .twrb (binary)")
        })

    /// The file to write and the form its name asks for.
    struct Output: Sendable {
        var path: String
        var format: RecordingFormat
    }

    static func run(_ invocation: Invocation) throws -> Int32 {
        let output = invocation[Self.output]
        for warning in try RecordingConverter.convert(invocation[Self.input], to: output.path, format: output.format) {
            Console.err("tickwork: warning: \(warning)")
        }
        return 0
    }
}
