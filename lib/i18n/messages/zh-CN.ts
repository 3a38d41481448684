// 简体中文目录. Its type is the English catalogue's keys: a key missing here or one English
// does not have fails `tsc`; tests/unit/i18n-catalogues.test.ts checks the placeholders.
import type { Catalogue } from "@/lib/i18n/translate";

export const zhCN: Catalogue = {
  "common.backToProjects": "返回项目列表",

  "shell.projects": "项目",
  "shell.users": "用户",
  "shell.owner": "站点所有者",
  "shell.signOut": "退出登录",
  "shell.signOutEverywhere": "在所有设备上退出",
  "shell.signOutEverywhereHint": "结束你在所有浏览器和设备上的会话",
  "shell.project": "项目",
  "shell.switchProject": "切换项目",
  "shell.chooseProject": "选择项目…",
  "shell.language": "语言",

  "login.tagline": "登录以核验 GUI 智能体数据。",
  "login.failed": "登录失败，请重试。",
  "login.wrongPassword": "邮箱或密码错误。",
  "login.signIn": "登录",
  "login.signingIn": "正在登录…",
  "login.email": "邮箱",
  "login.password": "密码",
  "login.signInWith": "使用 {provider} 登录",

  "notFound.title": "未找到",
  "notFound.body": "此页面不存在，或属于你不是成员的项目。",
  "forbidden.title": "无权访问",
  "forbidden.body": "你在此项目中的角色无权访问此页面。项目管理员可以修改你的角色。",
  "error.title": "出错了",
  "error.body": "服务器未能完成此页面。你已保存的内容没有丢失。如果数据库暂时不可用（正在重启或网络中断），请稍后重试；服务器日志会说明原因。",
  "error.reference": "参考编号 {digest}",
  "error.retry": "重试",
};
