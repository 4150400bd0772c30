// `kubectl vmigrate completion bash|zsh|fish`: scripts that complete the plugin when it is run
// directly as `kubectl-vmigrate`, by asking it (`kubectl-vmigrate __complete WORD…`) exactly as
// kubectl asks the kubectl_complete-vmigrate helper for `kubectl vmigrate <TAB>`. The output is
// Cobra's: candidates (with an optional TAB and description), then `:DIRECTIVE`; bit 4 means
// "no file completion", bit 2 "no space after the word".
export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

const HEADER = (shell: Shell, load: string) => `# ${shell} completion for kubectl-vmigrate (kubectl vmigrate completion ${shell})
#
# \`kubectl vmigrate <TAB>\` completes through kubectl itself (>= 1.26, with kubectl's own
# completion loaded) once the helper \`kubectl_complete-vmigrate\` is on PATH next to the plugin;
# krew does not install it, see docs/install.md. This script completes \`kubectl-vmigrate <TAB>\`.
#
# Load it with: ${load}
`;

const BASH = `${HEADER('bash', 'source <(kubectl vmigrate completion bash)')}
_kubectl_vmigrate() {
  local line=\${COMP_LINE:0:COMP_POINT} words cur out directive c
  # Split on blanks only: bash would also split --flag=value at the '='.
  read -ra words <<< "$line"
  if [[ -z $line || $line == *[[:space:]] ]]; then words+=(""); fi
  cur=\${words[\${#words[@]}-1]}
  out=$("\${words[0]}" __complete "\${words[@]:1}" 2>/dev/null) || return 0
  directive=\${out##*:}
  out=\${out%:*}
  COMPREPLY=()
  local IFS=$'\\n'
  for c in $out; do
    c=\${c%%$'\\t'*}
    # bash completes only what follows the last '=' of --flag=value.
    [[ $cur == *=* ]] && c=\${c#"\${cur%=*}="}
    [[ -n $c ]] && COMPREPLY+=("$c")
  done
  if (( \${#COMPREPLY[@]} == 0 && (directive & 4) == 0 )); then
    COMPREPLY=($(compgen -f -- "\${cur#*=}"))
  fi
  if (( directive & 2 )); then compopt -o nospace 2>/dev/null; fi
  return 0
}
complete -F _kubectl_vmigrate kubectl-vmigrate
`;

const ZSH = `#compdef kubectl-vmigrate
${HEADER('zsh', 'source <(kubectl vmigrate completion zsh)   # after compinit')}
_kubectl_vmigrate() {
  local out directive line
  local -a lines comps
  out=$("\${words[1]}" __complete "\${(@)words[2,CURRENT]}" 2>/dev/null) || return 1
  lines=("\${(@f)out}")
  directive=\${lines[-1]#:}
  for line in "\${(@)lines[1,-2]}"; do
    [[ -n $line ]] && comps+=("\${\${line%%$'\\t'*}//:/\\\\:}:\${line#*$'\\t'}")
  done
  if (( \${#comps} )); then
    if (( directive & 2 )); then _describe 'kubectl-vmigrate' comps -S ''; else _describe 'kubectl-vmigrate' comps; fi
  elif (( (directive & 4) == 0 )); then
    _files
  fi
}
compdef _kubectl_vmigrate kubectl-vmigrate
`;

const FISH = `${HEADER('fish', 'kubectl vmigrate completion fish | source')}
function __kubectl_vmigrate_complete
    set -l tokens (commandline -opc)
    set -l current (commandline -ct)
    set -l out ($tokens[1] __complete $tokens[2..-1] "$current" 2>/dev/null)
    or return
    set -l directive (string replace -r '^:' '' -- $out[-1])
    set -e out[-1]
    if test (count $out) -gt 0
        printf '%s\\n' $out
    else if test (math "bitand($directive, 4)") -eq 0
        __fish_complete_path "$current"
    end
end
complete -c kubectl-vmigrate -f -a '(__kubectl_vmigrate_complete)'
`;

export function completionScript(shell: Shell): string {
  return shell === 'bash' ? BASH : shell === 'zsh' ? ZSH : FISH;
}
