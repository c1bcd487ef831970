{{/* The name every object of the release carries. */}}
{{- define "execplace.fullname" -}}
{{- printf "%s-scheduler" .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "execplace.labels" -}}
app.kubernetes.io/name: execplace-scheduler
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
{{- end -}}

{{- define "execplace.selector" -}}
app.kubernetes.io/name: execplace-scheduler
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}
