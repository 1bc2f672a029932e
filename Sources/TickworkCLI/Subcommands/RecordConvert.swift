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
        arguments: [ArgumentSpec("IN", help: "The recording to read."), ArgumentSpec("OUT", help: "The file to write (.jsonl or .twrb).")],
        run: run
    )

    static func run(_ invocation: Invocation) throws -> Int32 {
        let input = invocation.arguments[0]
        let output = invocation.arguments[1]
        let format: RecordingFormat
        if output.hasSuffix(".jsonl") {
            format = .jsonLines
        } else if output.hasSuffix(".twrb") {
            format = .binary
        } else {
            throw CLIError.usage("OUT must end in .jsonl (JSON Lines) or .twrb (binary), got \"\(output)\"")
        }
        for warning in try RecordingConverter.convert(input, to: output, format: format) {
            Console.err("tickwork: warning: \(warning)")
        }
        return 0
    }
}
