// A static page outside the app: its few words live here, in every language of the console.
(function () {
  var en = {
    lang: 'en-US',
    title: 'The console is open in another tab',
    text: 'This console can be used in one tab at a time. It is now open in another tab or window of this browser.',
    button: 'Use the console here',
  };
  var texts = {
    'en-us': en,
    'en-ca': Object.assign({}, en, { lang: 'en-CA' }),
    'en-gb': Object.assign({}, en, { lang: 'en-GB' }),
    'en-uk': Object.assign({}, en, { lang: 'en-GB' }),
    de: {
      lang: 'de',
      title: 'Die Konsole ist in einem anderen Tab geöffnet',
      text: 'Diese Konsole kann jeweils nur in einem Tab verwendet werden. Sie ist gerade in einem anderen Tab oder Fenster dieses Browsers geöffnet.',
      button: 'Konsole hier verwenden',
    },
    el: {
      lang: 'el',
      title: 'Η κονσόλα είναι ανοιχτή σε άλλη καρτέλα',
      text: 'Η κονσόλα μπορεί να χρησιμοποιείται σε μία καρτέλα κάθε φορά. Είναι ήδη ανοιχτή σε άλλη καρτέλα ή παράθυρο αυτού του προγράμματος περιήγησης.',
      button: 'Χρήση της κονσόλας εδώ',
    },
    es: {
      lang: 'es',
      title: 'La consola está abierta en otra pestaña',
      text: 'Esta consola solo puede usarse en una pestaña a la vez. Ahora está abierta en otra pestaña o ventana de este navegador.',
      button: 'Usar la consola aquí',
    },
    fr: {
      lang: 'fr',
      title: 'La console est ouverte dans un autre onglet',
      text: 'Cette console ne peut être utilisée que dans un seul onglet à la fois. Elle est actuellement ouverte dans un autre onglet ou une autre fenêtre de ce navigateur.',
      button: 'Utiliser la console ici',
    },
    it: {
      lang: 'it',
      title: "La console è aperta in un'altra scheda",
      text: "Questa console può essere usata in una sola scheda alla volta. Al momento è aperta in un'altra scheda o finestra di questo browser.",
      button: 'Usa la console qui',
    },
    pt: {
      lang: 'pt',
      title: 'A consola está aberta noutro separador',
      text: 'Esta consola só pode ser utilizada num separador de cada vez. Está neste momento aberta noutro separador ou janela deste navegador.',
      button: 'Utilizar a consola aqui',
    },
    sv: {
      lang: 'sv',
      title: 'Konsolen är öppen i en annan flik',
      text: 'Konsolen kan bara användas i en flik åt gången. Den är nu öppen i en annan flik eller ett annat fönster i den här webbläsaren.',
      button: 'Använd konsolen här',
    },
    debug: { lang: 'en-US', title: 'notusable.title', text: 'notusable.text', button: 'notusable.button' },
  };
  var stored = null;
  try {
    stored = localStorage.getItem('language');
  } catch (e) {
    stored = null;
  }
  var chosen = texts[stored] || en;
  document.documentElement.lang = chosen.lang;
  document.title = chosen.title;
  document.getElementById('title').textContent = chosen.title;
  document.getElementById('text').textContent = chosen.text;
  document.getElementById('use-here').textContent = chosen.button;
})();
