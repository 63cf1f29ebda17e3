// `kiosk probe`: what this machine offers — DRM cards with connectors and modes, framebuffers, and
// input devices with their capabilities and axis ranges — each with the reason when unusable.
#if canImport(Glibc)
import Glibc
#endif
import Kiosk
import CDRM

enum ProbeCommand {
    static func main() {
        print("DRM:")
        let cards = DRMDevice.cardPaths()
        if cards.isEmpty { print("  none (/dev/dri/card* absent: no KMS driver loaded)") }
        for p in cards {
            do {
                let d = try DRMDevice(path: p)
                print("  \(p): driver \(d.driver), dumb buffers \(d.supportsDumbBuffers ? "yes" : "no")")
                for c in try d.connectors() {
                    print("    \(c)")
                    for m in c.modes.prefix(8) { print("      \(m)") }
                    if c.modes.count > 8 { print("      … \(c.modes.count - 8) more") }
                }
            } catch { print("  \(p): \(error)") }
        }
        print("fbdev:")
        let fbs = Syscall.listDirectory("/dev").filter { $0.hasPrefix("fb") && Int($0.dropFirst(2)) != nil }
        if fbs.isEmpty { print("  none") }
        for f in fbs {
            do {
                let d = try FBDevDisplay(path: "/dev/\(f)", rotation: .degrees0, configure: false)
                print("  \(d.summary)")
            } catch { print("  /dev/\(f): \(error)") }
        }
        print("input:")
        let evs = Syscall.listDirectory("/dev/input").filter { $0.hasPrefix("event") }
        if evs.isEmpty { print("  none (/dev/input/event* absent)") }
        for e in evs {
            do {
                let d = try EvdevDevice(path: "/dev/input/\(e)", idBase: 1)
                print("  /dev/input/\(e): \(d.capabilities)")
            } catch { print("  /dev/input/\(e): \(error)") }
        }
        print("console: \(Console.describeActive())")
    }
}
