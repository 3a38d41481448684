// EasyR1 hands the model ONE prompt string, always as a single user turn
// (hiyouga/EasyR1@b44b311 verl/utils/dataset.py:157-173), so a template with a system turn (the
// Qwen2.5-VL mobile_use tool prompt) would land inside the user turn, under the chat template's
// own default system message ("You are a helpful assistant."). The Qwen2.5-VL cookbook asks with
// a system turn (the tools) and a user turn (the query, then the screenshot)
// (QwenLM/Qwen2.5-VL@f0af299 cookbooks/mobile_agent.ipynb, the NousFnCallPrompt messages at
// lines 267-277 of the notebook file). EasyR1 does let a run replace the chat template
// (data.override_chat_template, verl/trainer/config.py:51 and verl/utils/tokenizer.py:21-57), so
// such a snapshot ships this one and its README passes it: the row's prompt string is the system
// text, SYSTEM_MARK, then the user turn; the template renders the part before the mark as the
// system turn and the rest as the user turn, in the ChatML layout of Qwen2.5-VL's own template.
// A conversation without the mark renders as Qwen2.5-VL's template would (a default system turn).
// tests/db/consumers/easyr1-chat-template.test.ts renders it with Jinja as transformers does.

export const CHAT_TEMPLATE_FILE = "chat_template.jinja";

export const SYSTEM_MARK = "<verity-system-end/>";

export const EASYR1_CHAT_TEMPLATE = `{#- Verity: the first user text part up to ${SYSTEM_MARK} is the system turn (see the snapshot README). -#}
{%- macro part(p) -%}
  {%- if p['type'] == 'image' or 'image' in p or 'image_url' in p -%}{{- '<|vision_start|><|image_pad|><|vision_end|>' -}}
  {%- elif p['type'] == 'video' or 'video' in p -%}{{- '<|vision_start|><|video_pad|><|vision_end|>' -}}
  {%- elif 'text' in p -%}{{- p['text'] -}}
  {%- endif -%}
{%- endmacro -%}
{%- set mark = '${SYSTEM_MARK}' -%}
{%- for message in messages -%}
  {%- set parts = [{'type': 'text', 'text': message['content']}] if message['content'] is string else message['content'] -%}
  {%- set lead = parts[0] if parts | length > 0 else {} -%}
  {%- if loop.first and message['role'] == 'user' and lead.get('type') == 'text' and mark in lead['text'] -%}
    {{- '<|im_start|>system\\n' + lead['text'].split(mark)[0] + '<|im_end|>\\n<|im_start|>user\\n' + lead['text'].split(mark)[1] -}}
    {%- for p in parts[1:] -%}{{- part(p) -}}{%- endfor -%}
    {{- '<|im_end|>\\n' -}}
  {%- else -%}
    {%- if loop.first and message['role'] != 'system' -%}{{- '<|im_start|>system\\nYou are a helpful assistant.<|im_end|>\\n' -}}{%- endif -%}
    {{- '<|im_start|>' + message['role'] + '\\n' -}}
    {%- for p in parts -%}{{- part(p) -}}{%- endfor -%}
    {{- '<|im_end|>\\n' -}}
  {%- endif -%}
{%- endfor -%}
{%- if add_generation_prompt -%}{{- '<|im_start|>assistant\\n' -}}{%- endif -%}
`;
