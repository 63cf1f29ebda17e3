// The kiosk macro tool (see PluginServer.swift): the compiler runs it for each `#Preview` use.
PluginServer.run(expand: PreviewMacro.expand)
