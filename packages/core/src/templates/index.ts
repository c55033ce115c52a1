export { parseTemplate, splitList, TEMPLATE_ID_PATTERN } from './parse-template.js';
export {
  type ParsedTemplate,
  type ParseTemplateResult,
  REJECTED_PROTOCOLS,
  type RejectedProtocol,
  RUNNABLE_PROTOCOLS,
  type RunnableProtocol,
  TEMPLATE_SEVERITIES,
  type TemplateInfo,
  type TemplateIssue,
  type TemplateSeverity,
  type YamlMap,
} from './types.js';
