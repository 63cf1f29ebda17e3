// `kiosk screenshot [-o FILE]` and `kiosk status`: ask the running kiosk over its control socket.
#if canImport(Glibc)
import Glibc
#endif
import Kiosk

enum ControlCommand {
    static let help = """
    kiosk screenshot [-o FILE.png] [--socket PATH]   the frame on the panel now, as PNG (default: screenshot.png; - for stdout)
    kiosk status [--socket PATH]                      frame rate, idle state, display, mode, last frame, uptime
    They talk to the running kiosk over its control socket: --socket, else the control-socket setting,
    else /run/kiosk/control (the service's), else $XDG_RUNTIME_DIR/kiosk-control. The socket is mode
    0660: run them as root or as a member of the kiosk group.
    """

    static func main(_ args: ArraySlice<String>, request: ControlRequest) throws {
        let a = try Arguments(args, flags: ["help"], known: ["socket", "output"])
        if a.has("help") { print(help); return }
        guard a.positional.isEmpty else { throw UsageError("unexpected argument \(a.positional[0]); see --help") }
        if request == .status, a.has("output") { throw UsageError("kiosk status takes no -o") }
        var setting = a.last("socket")
        if setting == nil, let s = try? Settings.load(), s.controlSocket != "auto" { setting = s.controlSocket }
        let path = ControlServer.clientPath(setting: setting, environment: ProcessEnvironment.current)
        switch try ControlClient.send(request, to: path) {
        case .status(let text): print(text, terminator: "")
        case .png(let data):
            let out = a.last("output") ?? "screenshot.png"
            if out == "-" { try Syscall.writeAll(1, data); return }
            do {
                let fd = try Syscall.open(out, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
                defer { Syscall.close(fd) }
                try Syscall.writeAll(fd, data)
            } catch {
                fail(.output, "cannot write \(out): \(error)")
            }
            print("\(out): \(data.count) bytes")
        case .error(let message): fail(.runtimeFailure, "kiosk answered: \(message)")
        }
    }
}
