import Foundation

/// The start-up reference: a Foundation "hello" program compiled with `swiftc -O` during the run.
struct HelloBinary {
    let path: String
    let compiler: String

    static let source = """
        import Foundation

        let name = ProcessInfo.processInfo.processName
        FileHandle.standardOutput.write(Data("hello from \\(name)\\n".utf8))

        """

    static func compile(into folder: TemporaryFolder) throws -> HelloBinary {
        guard let swiftc = ExternalTools.find("swiftc") else {
            throw BenchError("no swiftc on PATH to build the Foundation \"hello\" reference")
        }
        let source = try folder.write(Self.source, to: "hello.swift")
        let binary = folder.file("hello").path
        let result = try ExternalTools.run(swiftc, ["-O", source.path, "-o", binary], timeout: .seconds(600))
        guard result.status == 0 else {
            throw BenchError("swiftc -O could not build the \"hello\" reference (exit \(result.status)): \(result.output.suffix(500))")
        }
        return HelloBinary(path: binary, compiler: swiftc)
    }
}
